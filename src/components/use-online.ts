import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

// navigator.onLine is only ever wrong in one direction: false means surely offline, true means "maybe".
const isOnline = () => navigator.onLine;
const assumeOnline = () => true;

/** Whether the browser believes it has a network, kept current by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, assumeOnline);
}
