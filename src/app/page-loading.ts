import { useSyncExternalStore } from 'react';

// Page chunks loading now. A navigation is a React transition: the previous page stays on screen until the
// next one is ready, so without this the admin would see nothing happen on a slow network.
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Wraps a page's loader so the shell knows while it runs. The returned promise is the loader's own. */
export function trackedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    pending += 1;
    emit();
    const promise = load();
    const done = () => {
      pending -= 1;
      emit();
    };
    promise.then(done, done);
    return promise;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether a page chunk is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0);
}
