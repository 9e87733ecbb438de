/**
 * The types of wagmi that this entry names, declared by their shape here instead of imported from wagmi. npm puts
 * `@wagmi/core` where only wagmi sees it (node_modules/wagmi/node_modules/@wagmi/core) when a dapp installs `wagmi`,
 * so declarations importing '@wagmi/core' do not resolve there (TS2307, or every type `any` under skipLibCheck);
 * importing from 'wagmi' instead would fail the same way in an app with only `@wagmi/core` (Vue, Svelte, no
 * framework). Shapes resolve wherever the package lands: wagmi's `createConfig` checks them against its own types at
 * the dapp's call, and wagmi.test.ts checks them against @wagmi/core's here, so a change in wagmi fails a test.
 */
import type { Address, Chain } from 'viem';
import type { Eip1193Provider } from '../index.js';

/** How a connector tells wagmi about its wallet (wagmi's `Emitter<ConnectorEventMap>`, the events the modal's connector emits). */
export interface WagmiConnectorEmitter {
  emit(event: 'connect', data: { accounts: readonly Address[]; chainId: number }): void;
  emit(event: 'change', data: { accounts?: readonly Address[] | undefined; chainId?: number | undefined }): void;
  emit(event: 'disconnect'): void;
}

/** What wagmi's `createConfig` hands a connector function (the part the modal's connector reads). */
export interface WagmiConnectorConfig {
  chains: readonly [Chain, ...Chain[]];
  emitter: WagmiConnectorEmitter;
}

/** The modal's connector as wagmi sets it up: the members of wagmi's `CreateConnectorFn` result that it implements. */
export type MinibotConnector = {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  setup(): Promise<void>;
  connect<withCapabilities extends boolean = false>(
    parameters?: { chainId?: number | undefined; isReconnecting?: boolean | undefined; withCapabilities?: withCapabilities | boolean | undefined } | undefined,
  ): Promise<{
    accounts: withCapabilities extends true ? readonly { address: Address; capabilities: Record<string, unknown> }[] : readonly Address[];
    chainId: number;
  }>;
  disconnect(): Promise<void>;
  getAccounts(): Promise<readonly Address[]>;
  getChainId(): Promise<number>;
  getProvider(parameters?: { chainId?: number | undefined } | undefined): Promise<Eip1193Provider>;
  isAuthorized(): Promise<boolean>;
  switchChain(parameters: { chainId: number }): Promise<Chain>;
  onAccountsChanged(accounts: string[]): void;
  onChainChanged(chainId: string): void;
  onDisconnect(error?: Error | undefined): void;
};

/** The modal's connector function, a wagmi `CreateConnectorFn`: what `minibotConnector` returns. */
export type MinibotConnectorFn = (config: WagmiConnectorConfig) => MinibotConnector;

/**
 * Any wagmi connector function (`injected()`, `walletConnect(…)`, one of your own), as `wagmiConfigParameters` passes
 * it on to `createConfig`, which checks it.
 */
export type AnyConnectorFn = (config: never) => object;

/** wagmi's storage (`createStorage(…)`), passed on to `createConfig` as it is. */
export type AnyWagmiStorage = { key: string };
