import type { AuthApiContext } from '../../api/auth.js';
import type { AccountSnapshot, Clock, Eip1193Provider, ModalStorage, ResolvedOptions, SiwxController, SiwxMessageData, SiwxSession, SiwxSignOutcome, SiwxStorage, ViewName } from '../../core/types.js';
import type { ModalController } from '../modal.js';
import type { CoreControllers } from '../core-controllers.js';
import type { RouterController } from '../router.js';
import type { ToastController } from '../toasts.js';
import { HttpError, isUserRejection, ModalError, ResponseValidationError } from '../../errors.js';
import { log } from '../../core/logger.js';
import { frameReasonText } from '../../error-message.js';
import { messagesOf } from '../../texts/messages-of.js';
import { cacaoOf, dataOfCacao, formatSiwxMessage } from './siwx-message.js';
import { createLocalSiwxStorage, createServerSiwxStorage } from './siwx-storage.js';
import type { SolanaSignInFields } from '../../connectors/solana/siwx.js';
import type { SolanaSignInResult } from '../../connectors/solana/connector.js';

/** UTF-8 text as 0x hex, as personal_sign takes it. */
function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Default session lifetime (the message's Expiration Time). */
export const SIWX_DEFAULT_EXPIRY_MS = 24 * 3_600_000;

/** Views of the connect flow: a session found (or made) there closes the modal. */
const CONNECT_VIEWS: ViewName[] = ['Connect', 'AllWallets', 'ConnectingExternal', 'ConnectingWalletConnectBasic', 'SIWXSignMessage'];

/** The most specific text of an error: a ModalError's details, else its message (wallets throw plain objects too). */
function reasonOf(error: unknown): string {
  const e = error as { details?: unknown; shortMessage?: unknown; message?: unknown } | undefined;
  const text = [e?.details, e?.shortMessage, e?.message].find((t) => typeof t === 'string' && t !== '');
  return (text as string | undefined) ?? String(error);
}

export interface SiwxControllerDeps {
  options: ResolvedOptions;
  storage: SiwxStorage;
  clock: Clock;
  /** The page: the message's domain is its host, its URI its origin. */
  origin: string;
  /** The modal's base error (thrown to the dapp's code). */
  ModalError: AuthApiContext['errors']['ModalError'];
  getAccount(): AccountSnapshot;
  getProvider(): Eip1193Provider | undefined;
  /** False while the wallet is on a chain the app does not configure (UnsupportedChain handles that). */
  isChainSupported(): boolean;
  /**
   * The connected Solana account while Solana is the active namespace, with its wallet's Sign In With Solana
   * (`solana:signIn`, else `solana:signMessage` of the CAIP-122 text); undefined otherwise (the EVM account signs in).
   */
  solana?(): SolanaSignInAccount | undefined;
  modal: ModalController;
  router: RouterController;
  toasts: ToastController;
  disconnect(): Promise<void>;
}

/** A Solana account that signs in: its cluster (`solana:<reference>`), address and wallet. */
export interface SolanaSignInAccount {
  chainId: string;
  address: string;
  signIn(fields: SolanaSignInFields): Promise<SolanaSignInResult>;
}

/**
 * The SIWX flow of spec section 4: on connect (enabled, supported network, no valid session) it opens
 * SIWXSignMessage; success saves the session and closes; failure is shown in the view, which stays; a rejection
 * shows 'Signature declined'. Required mode: Cancel disconnects and the view cannot be closed. An account or chain
 * change without a session asks again (required) or drops the old session (optional). Disconnect clears sessions.
 */
export function createSiwxController(deps: SiwxControllerDeps): SiwxController {
  const settings = deps.options.siwx ?? {};
  const required = settings.required ?? false;
  const domain = new URL(deps.origin).host;
  /** `eip155:56:0xabc` of the account the last sync saw. */
  let syncedPair: string | undefined;
  let syncRun = 0;
  let notice: string | undefined;

  const active = () => {
    const solana = deps.solana?.();
    if (solana) return { chainId: solana.chainId, address: solana.address };
    const account = deps.getAccount();
    if (!account.isConnected || !account.address || account.chainId === undefined) return undefined;
    return { chainId: `eip155:${account.chainId}`, address: account.address };
  };

  const baseData = (chainId: string, address: string, nonce: string): SiwxMessageData => {
    const now = deps.clock.now();
    return {
      chainId,
      accountAddress: address,
      domain,
      uri: deps.origin,
      version: '1',
      nonce,
      statement: settings.statement ?? `Sign in to ${deps.options.metadata.name}`,
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + (settings.expiresInMs ?? SIWX_DEFAULT_EXPIRY_MS)).toISOString(),
    };
  };

  const isOnConnectFlow = () => deps.modal.getState().open && CONNECT_VIEWS.includes(deps.router.getState().view);

  /** Leaves the flow: closes the modal (embedded: shows Account). */
  const finish = () => {
    if (deps.options.embedded) deps.router.reset('Account');
    else deps.modal.close();
  };

  const openView = () => {
    if (deps.options.embedded) deps.router.reset('SIWXSignMessage', { closeDisabled: required });
    else {
      deps.modal.open({ view: 'SIWXSignMessage' });
      if (required) deps.router.replace('SIWXSignMessage', { closeDisabled: true });
    }
  };

  const signIn = async (): Promise<SiwxSession> => {
    const solana = deps.solana?.();
    if (solana) {
      const data = baseData(solana.chainId, solana.address, await deps.storage.createNonce());
      const signed = await solana.signIn({
        domain: data.domain,
        address: data.accountAddress,
        statement: data.statement,
        uri: data.uri,
        chainId: solana.chainId.slice('solana:'.length),
        nonce: data.nonce,
        issuedAt: data.issuedAt,
        expirationTime: data.expirationTime,
      });
      const session: SiwxSession = { data, message: signed.message, signature: signed.signature, cacao: cacaoOf(data, signed.signature, 'ed25519') };
      await deps.storage.add(session);
      return session;
    }
    const pair = active();
    const provider = deps.getProvider();
    if (!pair || !provider) throw new deps.ModalError(messagesOf(deps.options).noActiveCaipAddress);
    const data = baseData(pair.chainId, pair.address, await deps.storage.createNonce());
    const message = formatSiwxMessage(data);
    const signature = (await provider.request({ method: 'personal_sign', params: [utf8Hex(message), pair.address] })) as string;
    const session: SiwxSession = { data, message, signature, cacao: cacaoOf(data, signature) };
    await deps.storage.add(session);
    return session;
  };

  return {
    required,
    signIn,
    async sign(): Promise<SiwxSignOutcome> {
      try {
        const session = await signIn();
        if (deps.router.getState().view === 'SIWXSignMessage' || isOnConnectFlow()) finish();
        return { status: 'signed', session };
      } catch (error) {
        if (isUserRejection(error)) {
          deps.toasts.show('error', messagesOf(deps.options).signatureDeclined);
          return { status: 'declined' };
        }
        // A smart account's signature (ERC-1271, or an undeployed account) that the app's verification refuses.
        if (deps.getAccount().embeddedWalletInfo?.accountType === 'smartAccount') {
          deps.toasts.show('error', messagesOf(deps.options).smartAccountsNotSupported);
        }
        log('warn', 'Sign-in failed', error);
        // The embedded wallet's refusal (a device to unlock first, ...) in the modal's language, not its frame's English.
        return { status: 'failed', reason: frameReasonText(error, messagesOf(deps.options)) ?? reasonOf(error) };
      }
    },
    async cancel() {
      if (required) {
        await deps.disconnect().catch(() => undefined);
        if (!deps.options.embedded) deps.modal.close();
      } else finish();
    },
    async getSession() {
      const pair = active();
      if (!pair) return undefined;
      return (await deps.storage.get(pair.chainId, pair.address))[0];
    },
    async sync() {
      const run = ++syncRun;
      const pair = active();
      const previous = syncedPair;
      syncedPair = pair ? `${pair.chainId}:${pair.address}` : undefined;
      if (!pair) return;
      if (!deps.isChainSupported()) {
        // Not asked on a network the app does not configure; the connect flow ends as without sign-in.
        if (isOnConnectFlow()) finish();
        return;
      }
      let session: SiwxSession | undefined;
      try {
        session = (await deps.storage.get(pair.chainId, pair.address))[0];
      } catch {
        session = undefined;
      }
      if (run !== syncRun) return;
      if (session) {
        if (isOnConnectFlow()) finish();
        return;
      }
      if (previous !== undefined && previous !== syncedPair && !required) {
        const cut = previous.lastIndexOf(':');
        await deps.storage.delete(previous.slice(0, cut), previous.slice(cut + 1)).catch(() => undefined);
        if (isOnConnectFlow()) finish();
        return;
      }
      openView();
    },
    async clearSessions() {
      syncedPair = undefined;
      await deps.storage.clear();
    },
    async connectWalletConnect(provider, optionalNamespaces) {
      const eip155 = optionalNamespaces.eip155 as { chains?: string[]; methods?: string[] } | undefined;
      const chains = eip155?.chains ?? [];
      // One-click auth is EVM-only, and its fallback proposal asks for eip155 alone: with a Solana network, the session
      // proposal (every namespace), then the sign-in view.
      if (chains.length === 0 || optionalNamespaces.solana) {
        await provider.connect({ optionalNamespaces });
        return;
      }
      const data = baseData(chains[0], '', await deps.storage.createNonce());
      // A wallet without one-click auth answers the session proposal sent alongside: the two-step flow follows.
      const result = await provider.authenticate({
        chains,
        domain: data.domain,
        uri: data.uri,
        nonce: data.nonce,
        statement: data.statement,
        exp: data.expirationTime,
        methods: eip155?.methods,
        // The universal provider keeps these (with the RPC map) for the session it settles.
        optionalNamespaces,
      } as Parameters<typeof provider.authenticate>[0]);
      const cacao = result.auths?.[0];
      if (!cacao) return;
      try {
        await deps.storage.add({
          data: dataOfCacao(cacao),
          message: provider.client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss }),
          signature: cacao.s.s,
          cacao,
        });
      } catch (error) {
        // The connection stands; the sign-in view asks again (two steps) and says why.
        notice = reasonOf(error);
      }
    },
    takeNotice() {
      const taken = notice;
      notice = undefined;
      return taken;
    },
  };
}

/** The storage `siwx.storage` names: the local or the server one, or the dapp's own. */
export function resolveSiwxStorage(options: ResolvedOptions, deps: { storage: ModalStorage; clock: Clock; origin: string; api: AuthApiContext }): SiwxStorage {
  const chosen = options.siwx?.storage ?? 'local';
  if (typeof chosen === 'object') return chosen;
  const base = { storage: deps.storage, clock: deps.clock, domain: new URL(deps.origin).host };
  return chosen === 'server' ? createServerSiwxStorage({ ...base, api: deps.api }) : createLocalSiwxStorage(base);
}

/** What the core hands over when it first needs SIWX (see `createControllers`): what the bag does not hold. */
export interface SiwxEnvironment {
  /** The page; `http://localhost` outside a browser. */
  location?: { origin: string };
}

// The modal's error classes, for the SIWX server's requests.
const errors: AuthApiContext['errors'] = { ModalError, HttpError, ResponseValidationError };

/** The SIWX controller of a modal's controllers: the core loads this module only when `siwx` is set. */
export function createSiwxControllerFor(controllers: CoreControllers, env: SiwxEnvironment): SiwxController {
  const origin = env.location?.origin ?? 'http://localhost';
  const { storage, clock, api } = controllers;
  return createSiwxController({
    options: controllers.options,
    storage: resolveSiwxStorage(controllers.options, { storage, clock, origin, api: { ...api, errors } }),
    clock,
    origin,
    ModalError,
    getAccount: controllers.getAccount,
    getProvider: () => controllers.connection.getProvider(),
    isChainSupported: () => !controllers.networks.getState().isUnsupported,
    solana() {
      const { activeNetwork } = controllers.networks.getState();
      const connector = controllers.solana?.current?.connector();
      const address = controllers.connection.getState().solanaAddress;
      if (activeNetwork.chainNamespace !== 'solana' || !connector || !address) return undefined;
      return { chainId: activeNetwork.caipNetworkId, address, signIn: (fields) => connector.signIn(fields) };
    },
    modal: controllers.modal,
    router: controllers.router,
    toasts: controllers.toasts,
    disconnect: () => controllers.connection.disconnect(),
  });
}

export { createSiwxControllerFor as create };
