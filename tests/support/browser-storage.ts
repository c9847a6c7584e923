// A browser's localStorage for the unit tests that need one. The persisted stores
// (@nanostores/persistent) and the code that reads localStorage itself (the unreadable copies of
// stores/persisted.ts, stores/kiosk-forget.ts) then share one storage, as they do in a browser;
// `useTestStorageEngine()` gives the stores a storage of their own that nothing else sees.
import { setPersistentEngine } from '@nanostores/persistent';

/** Storage's methods on the prototype, its entries as own properties: as the stores write them. */
export class MemoryStorage implements Storage {
  [key: string]: unknown;

  get length(): number {
    return Object.keys(this).length;
  }

  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }

  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }

  setItem(key: string, value: string): void {
    this[key] = String(value);
  }

  removeItem(key: string): void {
    delete this[key];
  }

  clear(): void {
    for (const key of Object.keys(this)) delete this[key];
  }
}

/**
 * Installs one storage as the stores' engine and as the global `localStorage` (not through
 * vi.stubGlobal: the tests' `vi.unstubAllGlobals()` would take it away). Call it before importing
 * any store: a persisted store reads its key when its module loads.
 */
export function useBrowserStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  // The engine's type is a plain record of strings: the entries are, the methods live on the prototype.
  setPersistentEngine(storage as unknown as Record<string, string>, { addEventListener() {}, removeEventListener() {} });
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return storage;
}
