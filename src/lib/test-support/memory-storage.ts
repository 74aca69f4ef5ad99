import type { StorageLike } from '../storage/web-storage';

/** An in-memory Storage, to read back exactly what the store wrote. */
export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  /** Everything stored, as one string, to search for a secret. */
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}
