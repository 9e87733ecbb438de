/**
 * The page side of the Solana test wallet: a Wallet Standard wallet whose features are answered in Node (see
 * solana-wallet.ts) through a Playwright binding, registered with the Wallet Standard's window events. Bytes cross
 * the binding as base64. This function is serialised into the page by addInitScript: it must not close over anything.
 * Outside a page (no window) it registers nothing and only returns the wallet (the in-process use in Node tests).
 */
export interface SolanaBrowserWalletConfig {
  bindingName: string;
  emitName: string;
  name: string;
  icon: string;
  chains: string[];
  features: string[];
}

/** What Node answers for an account: the address and the public key in base64. */
export interface WireAccount {
  address: string;
  publicKey: string;
}

export function installSolanaStandardWallet(config: SolanaBrowserWalletConfig): unknown {
  type Answer = { result?: unknown; error?: { code: number; message: string } };
  type Listener = (properties: { accounts?: unknown[] }) => void;
  const g = globalThis as unknown as Record<string, unknown>;
  const call = async (feature: string, params: unknown): Promise<unknown> => {
    const answer = (await (g[config.bindingName] as (feature: string, params: unknown) => Promise<Answer>)(feature, params)) as Answer;
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  };
  const toBase64 = (bytes: Uint8Array) => {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const listeners = new Set<Listener>();
  const accountFeatures = config.features.filter((feature) => feature.startsWith('solana:'));
  const known = new Map<string, unknown>();
  let accounts: unknown[] = [];
  const toAccount = (wire: WireAccount) => {
    if (!known.has(wire.address)) {
      known.set(wire.address, Object.freeze({ address: wire.address, publicKey: fromBase64(wire.publicKey), chains: config.chains, features: accountFeatures, label: config.name }));
    }
    return known.get(wire.address);
  };
  const setAccounts = (wires: WireAccount[]) => {
    accounts = wires.map(toAccount);
    return accounts;
  };
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts });
  };
  g[config.emitName] = (event: string, payload: WireAccount[]) => {
    if (event === 'accounts') {
      setAccounts(payload);
      emit();
    }
  };
  const addressOf = (input: { account?: { address?: string } }) => input?.account?.address;

  const all: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: { silent?: boolean }) => ({ accounts: setAccounts((await call('standard:connect', { silent: input?.silent === true })) as WireAccount[]) }),
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        await call('standard:disconnect', {});
        setAccounts([]);
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (event: string, listener: Listener) => {
        if (event !== 'change') return () => {};
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs: { account: { address: string }; chain: string; transaction: Uint8Array; options?: unknown }[]) => {
        const outputs = [];
        for (const input of inputs) {
          const signature = (await call('solana:signAndSendTransaction', { address: addressOf(input), chain: input.chain, transaction: toBase64(input.transaction), options: input.options ?? {} })) as string;
          outputs.push({ signature: fromBase64(signature) });
        }
        return outputs;
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: { account: { address: string }; chain?: string; transaction: Uint8Array }[]) => {
        const outputs = [];
        for (const input of inputs) {
          const signed = (await call('solana:signTransaction', { address: addressOf(input), chain: input.chain, transaction: toBase64(input.transaction) })) as string;
          outputs.push({ signedTransaction: fromBase64(signed) });
        }
        return outputs;
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: { address: string }; message: Uint8Array }[]) => {
        const outputs = [];
        for (const input of inputs) {
          const signature = (await call('solana:signMessage', { address: addressOf(input), message: toBase64(input.message) })) as string;
          outputs.push({ signedMessage: input.message, signature: fromBase64(signature), signatureType: 'ed25519' });
        }
        return outputs;
      },
    },
    'solana:signIn': {
      version: '1.0.0',
      signIn: async (...inputs: Record<string, unknown>[]) => {
        const outputs = [];
        for (const input of inputs) {
          const answer = (await call('solana:signIn', input)) as { account: WireAccount; message: string; signature: string };
          setAccounts([answer.account]);
          outputs.push({ account: toAccount(answer.account), signedMessage: fromBase64(answer.message), signature: fromBase64(answer.signature), signatureType: 'ed25519' });
        }
        return outputs;
      },
    },
  };
  const features: Record<string, unknown> = {};
  for (const name of config.features) if (all[name]) features[name] = all[name];
  const wallet = Object.freeze({
    version: '1.0.0',
    name: config.name,
    icon: config.icon,
    chains: config.chains,
    features,
    get accounts() {
      return accounts;
    },
  });

  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') {
    const callback = (api: { register(...wallets: unknown[]): unknown }) => api.register(wallet);
    try {
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    } catch {
      // A page that forbids the event: the app-ready listener below still registers the wallet.
    }
    window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent<{ register(...wallets: unknown[]): unknown }>).detail));
  }
  return wallet;
}
