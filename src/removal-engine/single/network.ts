/** Whether the browser says it is online, and when that changes ('online'/'offline' events). */
export interface NetworkWatch {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** The browser's own signal; undefined outside a browser (the runners then rely on the answers alone). */
export function browserNetwork(): NetworkWatch | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return undefined;
  return {
    online: () => navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  };
}
