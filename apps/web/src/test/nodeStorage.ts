/**
 * Local and session storage for device code run under `// @vitest-environment node` (Node has neither): import
 * this before the code that reads them at load (the session keeps its token in local storage).
 */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}
if (typeof globalThis.localStorage === 'undefined') Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
