import { describe, expect, it, vi } from 'vitest';

// A file of its own: its vi.resetModules() would give the lazy chunks that later tests load other module instances
// (e.g. other error classes) than the static imports of the tests beside it.
describe('importing the library', () => {
  it('touches no window, document or storage (server rendering safe)', async () => {
    const touched: string[] = [];
    const saved = new Map<string, PropertyDescriptor | undefined>();
    for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'customElements', 'HTMLElement']) {
      const had = Object.getOwnPropertyDescriptor(globalThis, name);
      if (had && !had.configurable) continue;
      saved.set(name, had);
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return had?.get ? had.get.call(globalThis) : had?.value;
        },
      });
    }
    try {
      vi.resetModules();
      const lib = await import('./index.js');
      expect(typeof lib.createModal).toBe('function');
      const react = await import('./react/index.js');
      expect(typeof react.WalletProvider).toBe('function');
      const wagmi = await import('./wagmi/index.js');
      expect(typeof wagmi.minibotConnector).toBe('function');
    } finally {
      for (const [name, had] of saved) {
        if (had) Object.defineProperty(globalThis, name, had);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
    expect(touched).toEqual([]);
  });
});
