import { SignClient } from '@walletconnect/sign-client';
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import { createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { SolanaTestWallet } from './solana-wallet.js';

type Client = Awaited<ReturnType<typeof SignClient.init>>;

export interface WcTestWalletOptions {
  privateKey: Hex;
  chainId: number;
  rpcUrl: string;
  relayUrl: string;
  projectId: string;
  /**
   * A Solana account too: the session's `solana` namespace (when the proposal asks for the wallet's cluster) holds
   * this wallet's account, and its `solana_*` requests are answered by it (its `rejectNext` etc. apply).
   */
  solana?: SolanaTestWallet;
  /** The namespaces the wallet approves (default `eip155`, and `solana` with a Solana wallet); without `eip155` it also declines one-click auth. */
  approve?: readonly ('eip155' | 'solana')[];
}

/**
 * A WalletConnect wallet in Node (the real @walletconnect/sign-client) for end-to-end tests: pairs with a `wc:` URI,
 * approves the session for one account on the local chain and answers signing and sending requests with a local key.
 * It supports one-click auth: a `wc_sessionAuthenticate` request is approved with a CACAO (CAIP-122, signed with
 * EIP-191), which also settles the session.
 * With a `solana` wallet it approves that account in the `solana` namespace too (or only, with `approve: ['solana']`).
 * Domain verification is off because IS_VITEST is set for the process (see api-mocks/README.md).
 */
export class WcTestWallet {
  readonly account: PrivateKeyAccount;
  readonly requests: string[] = [];
  private client?: Client;

  constructor(private readonly options: WcTestWalletOptions) {
    this.account = privateKeyToAccount(options.privateKey);
  }

  get address() {
    return this.account.address;
  }

  async start(): Promise<void> {
    process.env.IS_VITEST = 'true';
    const { chainId, rpcUrl } = this.options;
    const caip2 = `eip155:${chainId}`;
    const client = await SignClient.init({
      projectId: this.options.projectId,
      relayUrl: this.options.relayUrl,
      metadata: { name: 'WC Test Wallet', description: 'WalletConnect wallet for end-to-end tests', url: 'http://127.0.0.1', icons: [] },
      storageOptions: { database: ':memory:' },
      customStoragePrefix: `wc-test-wallet-${Math.random().toString(36).slice(2)}`,
      telemetryEnabled: false,
      logger: 'silent',
    });
    this.client = client;
    const chain = defineChain({ id: chainId, name: caip2, nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
    const wallet = createWalletClient({ account: this.account, chain, transport: http(rpcUrl) });
    const { solana } = this.options;
    const approve = this.options.approve ?? (solana ? ['eip155', 'solana'] : ['eip155']);
    client.on('session_proposal', async ({ id, params }) => {
      const proposed = { ...params.requiredNamespaces, ...params.optionalNamespaces };
      const requested = proposed.eip155;
      const namespaces: Record<string, { accounts: string[]; chains: string[]; methods: string[]; events: string[] }> = {};
      if (approve.includes('eip155')) {
        namespaces.eip155 = {
          accounts: [`${caip2}:${this.address}`],
          chains: [caip2],
          methods: requested?.methods?.length ? requested.methods : ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
          events: ['accountsChanged', 'chainChanged'],
        };
      }
      const cluster = solana?.chain;
      if (solana && cluster && approve.includes('solana') && proposed.solana?.chains?.includes(cluster)) {
        namespaces.solana = { accounts: [`${cluster}:${solana.address}`], chains: [cluster], methods: proposed.solana.methods, events: [] };
      }
      if (Object.keys(namespaces).length === 0) await client.reject({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') });
      else await client.approve({ id, namespaces });
    });
    // A wallet without this listener answers the session proposal sent alongside one-click auth.
    if (approve.includes('eip155')) client.on('session_authenticate', async ({ id, params }) => {
      this.requests.push('wc_sessionAuthenticate');
      const payload = populateAuthPayload({
        authPayload: params.authPayload,
        chains: [caip2],
        methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
      });
      const iss = `did:pkh:${caip2}:${this.address}`;
      const message = client.formatAuthMessage({ request: payload, iss });
      const signature = await this.account.signMessage({ message });
      await client.approveSessionAuthenticate({ id, auths: [buildAuthObject(payload, { t: 'eip191', s: signature }, iss)] });
    });
    client.on('session_request', async ({ id, topic, params }) => {
      const { method, params: args } = params.request as { method: string; params: unknown[] };
      this.requests.push(method);
      try {
        let result: unknown;
        if (method.startsWith('solana_')) {
          if (!solana) throw new Error(`unsupported method ${method}`);
          result = await solana.answerWalletConnect(method, params.request.params as Record<string, unknown>);
        } else if (method === 'personal_sign') result = await this.account.signMessage({ message: { raw: args[0] as Hex } });
        else if (method === 'eth_signTypedData_v4') result = await this.account.signTypedData(JSON.parse(args[1] as string));
        else if (method === 'eth_sendTransaction') {
          const tx = args[0] as { to?: Hex; data?: Hex; value?: Hex };
          result = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined });
        } else throw new Error(`unsupported method ${method}`);
        await client.respond({ topic, response: { id, jsonrpc: '2.0', result } });
      } catch (error) {
        // A refusal in the Solana wallet (4001) is WalletConnect's USER_REJECTED (5000) with its message.
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: 5000, message: (error as Error).message } } });
      }
    });
  }

  /** Pairs with a `wc:` URI shown by the dapp. */
  async pair(uri: string): Promise<void> {
    if (!this.client) throw new Error('start() the wallet first');
    await this.client.pair({ uri });
  }

  sessions() {
    return this.client?.session.getAll() ?? [];
  }

  async stop(): Promise<void> {
    const client = this.client;
    if (!client) return;
    for (const session of client.session.getAll()) {
      await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') }).catch(() => {});
    }
    await client.core.relayer.transportClose().catch(() => {});
  }
}
