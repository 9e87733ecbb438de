/**
 * The page side of the test wallet: an EIP-1193 provider whose requests are answered in Node (see test-wallet.ts)
 * through a Playwright binding, announced over EIP-6963 and, optionally, as the legacy window.ethereum.
 * This function is serialised into the page by addInitScript: it must not close over anything.
 */
export interface BrowserProviderConfig {
  bindingName: string;
  emitName: string;
  info: { uuid: string; name: string; icon: string; rdns: string };
  announce: boolean;
  legacy: boolean;
}

export function installBrowserProvider(config: BrowserProviderConfig): void {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const w = window as unknown as Record<string, unknown>;
  const call = w[config.bindingName] as (method: string, params: unknown) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>;
  const provider = {
    isTestWallet: true,
    async request(args: { method: string; params?: unknown }) {
      if (!args || typeof args.method !== 'string') throw Object.assign(new Error('Invalid request'), { code: -32600 });
      const answer = await call(args.method, args.params ?? []);
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code, data: answer.error.data });
      return answer.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  w[config.emitName] = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  if (config.legacy) w.ethereum = provider;
  if (config.announce) {
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: config.info, provider }) }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
}
