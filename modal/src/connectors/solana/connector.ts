import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import { mapProviderError, UserRejectedError } from '../../errors.js';
import {
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_IN,
  SOLANA_SIGN_MESSAGE,
  SOLANA_SIGN_TRANSACTION,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from './features.js';
import { encodeBase58 } from './rules.js';
import { createSolanaSignInMessage, solanaSignInInput, type SolanaSignInFields } from './siwx.js';

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignTransactionFeature &
    SolanaSignMessageFeature &
    SolanaSignInFeature
>;

/** What the Solana account state follows (the counterpart of EIP-1193's accountsChanged / chainChanged / disconnect). */
export interface SolanaWalletEventHandlers {
  accountsChanged(addresses: string[]): void;
  /** The `solana:` clusters the (first) authorized account is on, after any change of accounts or chains. */
  chainsChanged(chains: string[]): void;
  disconnect(): void;
}

/** A signed Sign In With Solana message, as the sign-in service takes it (signature in base58). */
export interface SolanaSignInResult {
  address: string;
  message: string;
  signature: string;
}

/** The connector of one Wallet Standard Solana wallet: connect, events, signing and sending. */
export interface SolanaWalletConnector {
  /** The Wallet Standard wallet; absent for a WalletConnect session's Solana account. */
  readonly wallet?: Wallet;
  /** The wallet's prompt; resolves the authorized addresses. Throws UserRejectedError when the user refuses. */
  connect(): Promise<string[]>;
  /** The addresses the wallet authorizes without a prompt (reconnect on load): `standard:connect` with `silent`. */
  getAuthorizedAccounts(): Promise<string[]>;
  disconnect(): Promise<void>;
  /** Follows `standard:events` changes; returns the unsubscribe function. */
  watch(handlers: SolanaWalletEventHandlers): () => void;
  /** `solana:signMessage`: the Ed25519 signature of `message` by `address`. */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /** Sign In With Solana: `solana:signIn` where the wallet has it, else `solana:signMessage` of the CAIP-122 text. */
  signIn(fields: SolanaSignInFields): Promise<SolanaSignInResult>;
  /**
   * Signs and sends an unsigned wire transaction on `chain`: `solana:signAndSendTransaction`, or
   * `solana:signTransaction` then `send` (the cluster's sendTransaction). Resolves the signature (base58).
   */
  signAndSend(params: { address: string; chain: string; transaction: Uint8Array; send(signed: Uint8Array): Promise<string> }): Promise<string>;
  /** True when the wallet can sign transactions on its own or through the cluster. */
  readonly canSendTransactions: boolean;
  readonly canSignIn: boolean;
}

/** Wallets rarely use codes: a 4001 or a "rejected / declined / cancelled" message is the user's refusal. */
export function mapWalletError(error: unknown) {
  const mapped = mapProviderError(error);
  if (mapped instanceof UserRejectedError) return mapped;
  if (/\b(reject|rejected|declined|denied|cancel+ed)\b/i.test(mapped.shortMessage)) return new UserRejectedError({ cause: error });
  return mapped;
}

/** Runs a wallet call; its error becomes UserRejectedError for the user's refusal, else a mapped ModalError. */
export async function callWallet<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw mapWalletError(error);
  }
}

const solanaChains = (chains: readonly string[]) => chains.filter((chain) => chain.startsWith('solana:'));
const solanaAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((account) => solanaChains(account.chains).length > 0);
const solanaAddresses = (accounts: readonly WalletAccount[]) => solanaAccounts(accounts).map((account) => account.address);

/**
 * The connector for one Wallet Standard wallet that has `solana:` chains.
 * @example const connector = createSolanaWalletConnector(discovery.getWallet(id)!); const [address] = await connector.connect();
 */
export function createSolanaWalletConnector(wallet: Wallet): SolanaWalletConnector {
  const features = wallet.features as Features;
  const accountOf = (address: string): WalletAccount => {
    const account = wallet.accounts.find((entry) => entry.address === address);
    if (!account) throw new Error(`The wallet has not authorized ${address}`);
    return account;
  };
  const requireFeature = <K extends keyof Features>(name: K): NonNullable<Features[K]> => {
    const feature = features[name];
    if (!feature) throw new Error(`${wallet.name} does not support ${String(name)}`);
    return feature as NonNullable<Features[K]>;
  };

  const connector: SolanaWalletConnector = {
    wallet,
    canSendTransactions: SOLANA_SIGN_AND_SEND_TRANSACTION in features || SOLANA_SIGN_TRANSACTION in features,
    canSignIn: SOLANA_SIGN_IN in features || SOLANA_SIGN_MESSAGE in features,
    async connect() {
      const { accounts } = await callWallet(() => requireFeature('standard:connect').connect());
      const addresses = solanaAddresses(accounts);
      if (addresses.length === 0) throw new Error('The wallet returned no Solana account');
      return addresses;
    },
    async getAuthorizedAccounts() {
      try {
        const { accounts } = await requireFeature('standard:connect').connect({ silent: true });
        return solanaAddresses(accounts);
      } catch {
        return [];
      }
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect().catch(() => {});
    },
    watch(handlers) {
      const events = features['standard:events'];
      if (!events) return () => {};
      return events.on('change', (properties) => {
        const accounts = solanaAccounts(properties.accounts ?? wallet.accounts);
        if (properties.accounts) {
          if (accounts.length === 0) return handlers.disconnect();
          handlers.accountsChanged(accounts.map((account) => account.address));
        }
        // The account's clusters, not the wallet's `chains` (every cluster it knows).
        if ((properties.accounts || properties.chains) && accounts[0]) handlers.chainsChanged(solanaChains(accounts[0].chains));
      });
    },
    async signMessage(address, message) {
      const [output] = await callWallet(() => requireFeature(SOLANA_SIGN_MESSAGE).signMessage({ account: accountOf(address), message }));
      if (!output || output.signature.length !== 64) throw new Error('The wallet returned no Ed25519 signature');
      return output.signature;
    },
    async signIn(fields) {
      const signIn = features[SOLANA_SIGN_IN];
      if (signIn) {
        const [output] = await callWallet(() => signIn.signIn(solanaSignInInput(fields)));
        if (!output || output.signature.length !== 64) throw new Error('The wallet returned no Ed25519 signature');
        return { address: output.account.address, message: new TextDecoder().decode(output.signedMessage), signature: encodeBase58(output.signature) };
      }
      const message = createSolanaSignInMessage(fields);
      const signature = await connector.signMessage(fields.address, new TextEncoder().encode(message));
      return { address: fields.address, message, signature: encodeBase58(signature) };
    },
    async signAndSend({ address, chain, transaction, send }) {
      const account = accountOf(address);
      const chainId = chain as `${string}:${string}`;
      const signAndSend = features[SOLANA_SIGN_AND_SEND_TRANSACTION];
      if (signAndSend) {
        const [output] = await callWallet(() => signAndSend.signAndSendTransaction({ account, chain: chainId, transaction, options: { preflightCommitment: 'confirmed' } }));
        if (!output || output.signature.length !== 64) throw new Error('The wallet returned no transaction signature');
        return encodeBase58(output.signature);
      }
      const [signed] = await callWallet(() => requireFeature(SOLANA_SIGN_TRANSACTION).signTransaction({ account, chain: chainId, transaction }));
      if (!signed) throw new Error('The wallet returned no signed transaction');
      return send(signed.signedTransaction);
    },
  };
  return connector;
}
