import type { LockManagerLike } from './cross-tab';

/**
 * An in-memory Web Locks manager with the browser's semantics for exclusive locks: one holder per name,
 * requests granted in order, a request aborted while queued rejects with an AbortError. Shared by
 * several coordinators, it stands for the tabs of one browser.
 */
export function createMemoryLocks(): LockManagerLike & { holders(): string[] } {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();

  function next(name: string) {
    const queue = queues.get(name);
    const run = queue?.shift();
    if (run) run();
    else held.delete(name);
  }

  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        let started = false;
        const run = () => {
          started = true;
          held.add(name);
          callback({ name }).then(
            (value) => {
              next(name);
              resolve(value);
            },
            (err: unknown) => {
              next(name);
              reject(err);
            },
          );
        };
        options.signal?.addEventListener('abort', () => {
          if (started) return;
          const queue = queues.get(name) ?? [];
          queues.set(
            name,
            queue.filter((r) => r !== run),
          );
          reject(new DOMException('The request was aborted.', 'AbortError'));
        });
        if (!held.has(name)) run();
        else queues.set(name, [...(queues.get(name) ?? []), run]);
      });
    },
    holders: () => [...held],
  };
}
