import type { AccountSnapshot, ModalClient, ReadContractParameters, ViewName } from '@minibot/modal';
import { STORAGE_KEYS } from '@minibot/modal/storage';
import type { Abi } from 'viem';

const DISCONNECTED: AccountSnapshot = Object.freeze({ isConnected: false, status: 'disconnected' as const });
/** Before the real client loads, a stored session is about to be restored: 'Connecting...', never 'Connect Wallet'. */
const RESTORING: AccountSnapshot = Object.freeze({ isConnected: false, status: 'connecting' as const });

type AccountListener = (account: AccountSnapshot) => void;
type StateListener = (state: { open: boolean; view: ViewName }) => void;

interface Subscription<L> {
  listener: L;
  detach?: () => void;
}

/**
 * A ModalClient whose real client (the modal with viem, about 100 kB gzip) is loaded after the page's
 * first paint, so that the page's first-load JavaScript stays small. Until then it reports a
 * disconnected wallet (connecting when a stored session waits to be restored); subscribers are attached to the real client as soon as it is there, and every
 * action waits for it. `ready()` resolves with the real client. Contract reads do not wait: until the real client
 * is there, `readContract` goes through `lightRead` (one eth_call, no viem client), so the price shows at once.
 */
export class LazyModalClient implements ModalClient {
  private real: ModalClient | undefined;
  private loading: Promise<ModalClient> | undefined;
  private readonly accountSubscriptions = new Set<Subscription<AccountListener>>();
  private readonly stateSubscriptions = new Set<Subscription<StateListener>>();

  constructor(
    private readonly load: () => Promise<ModalClient>,
    private readonly lightRead?: (parameters: ReadContractParameters) => Promise<unknown>,
  ) {}

  /** Loads the real client once (again after a failure) and resolves with it. */
  ready(): Promise<ModalClient> {
    this.loading ??= this.load().then(
      (client) => {
        this.real = client;
        for (const subscription of this.accountSubscriptions) {
          subscription.detach = client.subscribeAccount(subscription.listener);
          subscription.listener(client.getAccount());
        }
        for (const subscription of this.stateSubscriptions) subscription.detach = client.subscribeState(subscription.listener);
        return client;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /**
   * Starts loading on the visitor's first interaction (pointer, key, touch, scroll, focus), or as soon as the
   * browser is idle when `eager` (a wallet session to restore), so that an untouched page stays light.
   */
  preload({ eager }: { eager: boolean }): void {
    const start = () => {
      this.ready().catch((error: unknown) => console.error('Loading the wallet modal failed', error));
    };
    if (eager) {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 1500 });
      else setTimeout(start, 200);
      return;
    }
    const events = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;
    const onFirstInteraction = () => {
      for (const event of events) window.removeEventListener(event, onFirstInteraction, true);
      start();
    };
    for (const event of events) window.addEventListener(event, onFirstInteraction, { capture: true, passive: true });
  }

  async open(options?: { view?: ViewName }): Promise<void> {
    return (await this.ready()).open(options);
  }

  /** Loads the real client, then what its `open()` shows first. */
  prefetch(): void {
    this.ready().then(
      (client) => client.prefetch(),
      () => undefined,
    );
  }

  close(): void {
    this.real?.close();
  }

  isOpen(): boolean {
    return this.real?.isOpen() ?? false;
  }

  getAccount(): AccountSnapshot {
    return this.real?.getAccount() ?? (hasWalletSession() ? RESTORING : DISCONNECTED);
  }

  subscribeAccount(listener: AccountListener): () => void {
    return this.subscribe(this.accountSubscriptions, listener, (client) => client.subscribeAccount(listener));
  }

  subscribeState(listener: StateListener): () => void {
    return this.subscribe(this.stateSubscriptions, listener, (client) => client.subscribeState(listener));
  }

  async switchNetwork(chainId: number): Promise<void> {
    return (await this.ready()).switchNetwork(chainId);
  }

  async setLocale(locale?: Parameters<ModalClient['setLocale']>[0]): Promise<void> {
    return (await this.ready()).setLocale(locale);
  }

  async disconnect(): Promise<void> {
    return (await this.ready()).disconnect();
  }

  getWalletClient(): ReturnType<ModalClient['getWalletClient']> {
    return this.real?.getWalletClient();
  }

  getProvider(): ReturnType<ModalClient['getProvider']> {
    return this.real?.getProvider();
  }

  /** The real client's public client; undefined (despite the type) only before the modal has loaded. */
  getPublicClient(chainId?: number): ReturnType<ModalClient['getPublicClient']> {
    return this.real?.getPublicClient(chainId) as ReturnType<ModalClient['getPublicClient']>;
  }

  /** The real client's read once it is there; before, `lightRead` when given (else it waits for the real client). */
  async readContract(parameters: ReadContractParameters): Promise<unknown> {
    if (!this.real && this.lightRead) return this.lightRead(parameters);
    const real = await this.ready();
    if (real.readContract) return real.readContract(parameters);
    const { chainId, address, abi, functionName, args } = parameters;
    return real.getPublicClient(chainId).readContract({ address, abi: abi as Abi, functionName, args: args as unknown[] | undefined });
  }

  async getWalletChainId(): Promise<number | undefined> {
    return (await this.ready()).getWalletChainId();
  }

  async signIn(): ReturnType<ModalClient['signIn']> {
    return (await this.ready()).signIn();
  }

  async getSiwxSession(): ReturnType<ModalClient['getSiwxSession']> {
    return (await this.ready()).getSiwxSession();
  }

  async getLogs(): Promise<string> {
    return (await this.ready()).getLogs();
  }

  async downloadLogs(fileName?: string): Promise<void> {
    return (await this.ready()).downloadLogs(fileName);
  }

  private subscribe<L>(set: Set<Subscription<L>>, listener: L, attach: (client: ModalClient) => () => void): () => void {
    const subscription: Subscription<L> = { listener, detach: this.real ? attach(this.real) : undefined };
    set.add(subscription);
    return () => {
      subscription.detach?.();
      set.delete(subscription);
    };
  }
}

/** True when the modal remembers a connected wallet (it reconnects on load, so load it early). */
export function hasWalletSession(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.connectorId) !== null;
  } catch {
    return false;
  }
}
