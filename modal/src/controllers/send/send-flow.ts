import type { ApiContext } from '../../api/http.js';
import type { Balance } from '../../api/types.js';
import { fetchGasPrice } from '../../api/convert.js';
import { lookupName } from '../../api/blockchain.js';
import type { Clock, Eip1193Provider, ModalMessages, ModalNetwork, Store } from '../../core/types.js';
import type { SendController, SendState, SendToken } from './send.js';
import type { ToastVariant } from '../toasts.js';
import { createStore } from '../../core/store.js';
import { formatAmountInput, parseAmount, unitsOfDecimalText } from '../../core/units.js';
import { hasInsufficientGas, isEvmAddress, isEvmSendComplete, validateSolanaSend } from '../../core/validation.js';
import { isUserRejection, ModalError } from '../../errors.js';
import { TransactionRevertedError, waitForReceipt, type ChainRead } from '../../chain/wait.js';
import type { SolanaWalletConnector } from '../../connectors/solana/connector.js';
import { isSolanaAddress } from '../../connectors/solana/rules.js';
import type { SolanaRpcCall } from '../../connectors/solana/transactions.js';
import { log } from '../../core/log.js';

/** Why the form cannot be sent yet (the view shows it on the disabled button). */
export type SendBlocker =
  | 'selectToken'
  | 'enterAmount'
  | 'insufficientFunds'
  | 'enterReceiver'
  | 'resolvingName'
  | 'invalidReceiver'
  | 'insufficientGas'
  | 'gasPriceLoading';

export type SendOutcome = 'sent' | 'rejected' | 'failed' | 'invalid';

/** What `sendTokens` sends: the token by its contract address (absent: the native coin), whole units as plain text ('1.5'), an address or a name. */
export interface SendTokensParameters {
  token?: string;
  amount: string;
  to: string;
}

/** Why a send is not possible, in words a caller can show. */
export class SendNotPossibleError extends ModalError {
  override name = 'SendNotPossibleError';
  constructor(readonly reason: SendBlocker | 'unknownToken') {
    super(`The send is not possible: ${reason}`);
  }
}

/** The last transaction the wallet accepted, for the completion screen: what went where, and how the network took it. */
export interface SentTransaction {
  hash: string;
  token: SendToken;
  /** In the token's smallest unit. */
  value: bigint;
  to: string;
  toName?: string;
  /** 'pending' until the receipt arrives (and when waiting gives up). */
  status: 'pending' | 'confirmed' | 'failed';
}

/** The Send feature's actions on its one store (`SendController`: the form, the receiver input and the sending flag). */
export interface SendFlowController extends Store<SendState> {
  selectToken(balance: Balance): void;
  /** The amount as typed, in the modal's language (`1,5` in German). */
  setAmount(value: string): void;
  /** The whole holding of the selected token. */
  setMax(): void;
  /** An address is taken as is; a name is looked up through `/v1/profile/account/{name}` (debounced 300 ms). */
  setReceiver(input: string): void;
  /** Gas price from `/v1/convert/gas-price` (the node's `eth_gasPrice` for a chain the API does not serve), with its USD value. */
  fetchGasPrice(): Promise<void>;
  /** Solana (the preview): builds the transfer once to learn whether it creates the receiver's token account (`solanaRent`). */
  prepare(): Promise<void>;
  blocker(): SendBlocker | undefined;
  /** The typed amount in the token's smallest unit (undefined while empty or invalid). */
  amount(): bigint | undefined;
  /** The typed amount's USD value (undefined without a price or an amount). */
  amountUsd(): number | undefined;
  /**
   * Sends the form as it is through the connected wallet: 'Transaction started', then the receipt is awaited and
   * balances and Activity refresh. A rejection in the wallet is silent and keeps the form; any other failure shows
   * 'Something went wrong'.
   */
  send(): Promise<SendOutcome>;
  /**
   * The use case in one call (the preview view and `useSend`): fills the form with `token`, `amount` and `to`, resolves
   * a name and the gas price now, then sends. Throws SendNotPossibleError with the reason when something blocks it.
   */
  sendTokens(params: SendTokensParameters): Promise<SendOutcome>;
  reset(): void;
  /** The last sent transaction (`last`), kept after the form resets. */
  readonly sent: Store<{ last?: SentTransaction }>;
}

export interface SendFlowDeps {
  form: SendController;
  api: ApiContext;
  clock: Clock;
  messages: Pick<ModalMessages, 'somethingWentWrong' | 'transactionStarted' | 'invalidAmountAndReceiver' | 'solanaSendFailed'>;
  toast: (variant: ToastVariant, message: string) => void;
  address: () => string | undefined;
  network: () => ModalNetwork;
  isChainSupported: () => Promise<boolean>;
  isSmartAccount: () => boolean;
  getProvider: () => Eip1193Provider | undefined;
  /** A JSON-RPC read on the active network (receipts, gas price fallback). */
  rpc: ChainRead;
  /** The native coin's balance entry, for the gas rule. */
  nativeBalance: () => Balance | undefined;
  /** The account's balances on the active network, loaded when needed (`sendTokens` picks its token there). */
  balances?: () => Promise<Balance[]>;
  /** The language amounts are typed in; default 'en'. */
  lang?: () => string;
  /** The wallet accepted the transaction. */
  onSent: () => void;
  /** The receipt arrived (or waiting gave up): refresh balances and Activity. */
  onSettled: () => void;
  /** The connected Solana wallet's connector; undefined while none is connected. */
  solanaConnector?: () => SolanaWalletConnector | undefined;
  /** A JSON-RPC call on the active Solana network. */
  solanaRpc?: SolanaRpcCall;
  /** How long a Solana send waits for its confirmation. */
  solanaConfirmTimeoutMs?: number;
}

/** Gas a plain value transfer and an ERC-20 `transfer` take (for the fee estimate in USD). */
export const NATIVE_TRANSFER_GAS = 21_000n;
export const ERC20_TRANSFER_GAS = 65_000n;
export const NAME_LOOKUP_DEBOUNCE_MS = 300;

/** The plain-text amount parser (`1.5` -> smallest unit), as `core/units.ts` parses in English. */
export { parseAmount as parseUnitsString } from '../../core/units.js';

/** Calldata of ERC-20 `transfer(to, amount)` (local: viem's `encodeFunctionData` with `erc20Abi` is 8.9 kB gzip, over the Send views' 12 kB budget). */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` {
  const word = (hex: string) => hex.padStart(64, '0');
  return `0xa9059cbb${word(to.replace(/^0x/i, '').toLowerCase())}${word(amount.toString(16))}`;
}

/** A balance entry as the token a form sends. */
export function sendTokenOf(balance: Balance): SendToken {
  return {
    symbol: balance.symbol,
    name: balance.name,
    address: balance.address,
    price: balance.price,
    iconUrl: balance.iconUrl,
    decimals: Number(balance.quantity.decimals),
    balance: balance.quantity.numeric,
  };
}

const plainAddress = (caip10: string) => caip10.split(':').pop()!;
const sameAddress = (a: string | undefined, b: string | undefined) => (a ?? '').split(':').pop()!.toLowerCase() === (b ?? '').split(':').pop()!.toLowerCase();
const isNameLike = (value: string) => !/^0x/i.test(value) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(value) && value.length >= 3;

/** The Send feature's actions on its one store (spec section 5 rules). */
export function createSendFlowController(deps: SendFlowDeps): SendFlowController {
  const { form } = deps;
  const lang = () => deps.lang?.() ?? 'en';
  let lookupTimer: unknown;
  let lookupId = 0;
  /** The name lookup under way (settles when it is done, whatever its answer). */
  let lookup: Promise<void> = Promise.resolve();

  const networkBalanceInUsd = () => {
    const native = deps.nativeBalance();
    return native ? Number(native.quantity.numeric) * native.price : 0;
  };
  const updateGasUsd = () => {
    const { gasPrice, token } = form.getState();
    const native = deps.nativeBalance();
    const decimals = deps.network().nativeCurrency.decimals;
    const gasPriceInUSD =
      gasPrice === undefined ? undefined : (Number(gasPrice * (token?.address ? ERC20_TRANSFER_GAS : NATIVE_TRANSFER_GAS)) / 10 ** decimals) * (native?.price ?? 0);
    form.set({ gasPriceInUSD, networkBalanceInUSD: String(networkBalanceInUsd()) });
  };

  const amount = (): bigint | undefined => {
    const { token, sendTokenAmount } = form.getState();
    return token ? parseAmount(sendTokenAmount ?? '', token.decimals, lang()) : undefined;
  };

  const blocker = (): SendBlocker | undefined => {
    const s = form.getState();
    if (!s.token) return 'selectToken';
    const value = amount();
    if (!value) return 'enterAmount';
    if (value > unitsOfDecimalText(s.token.balance, s.token.decimals)) return 'insufficientFunds';
    if (!(s.receiverInput ?? '').trim()) return 'enterReceiver';
    if (s.resolvingName) return 'resolvingName';
    if (!s.receiverAddress) return 'invalidReceiver';
    // Solana: the fee is a few thousand lamports, no gas price to wait for.
    if (deps.network().chainNamespace === 'solana') return undefined;
    if (hasInsufficientGas({ networkBalanceInUsd: networkBalanceInUsd(), gasPriceInUsd: s.gasPriceInUSD ?? 0, isSmartAccount: deps.isSmartAccount() })) {
      return 'insufficientGas';
    }
    const complete = isEvmSendComplete({
      tokenAddress: s.token.address,
      amount: s.sendTokenAmount,
      receiverAddress: s.receiverAddress,
      gasPrice: s.gasPrice,
      decimals: s.token.decimals,
    });
    return complete ? undefined : 'gasPriceLoading';
  };

  const resolveName = async (name: string, id: number) => {
    try {
      const profile = await lookupName(deps.api, name);
      if (id !== lookupId) return;
      const coinType = String((0x80000000 | deps.network().id) >>> 0);
      const entry = profile.addresses[coinType] ?? profile.addresses['60'] ?? Object.values(profile.addresses)[0];
      // A name stands beside its address, and the address is shown (and sent to) in EIP-55: its own chunk (keccak), off the views.
      const checksum = entry && isEvmAddress(entry.address) ? (await import('../../core/address.js')).checksumAddress : undefined;
      if (id !== lookupId) return;
      const address = checksum && entry ? checksum(`0x${entry.address.replace(/^0x/i, '')}`) : undefined;
      form.set({
        receiverAddress: address,
        receiverProfileName: address ? profile.name : undefined,
        receiverProfileImageUrl: address ? profile.attributes.find((a) => a.avatar)?.avatar : undefined,
      });
    } catch {
      if (id === lookupId) form.set({ receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined });
    } finally {
      if (id === lookupId) form.set({ resolvingName: false });
    }
  };

  /** Takes `input` as the receiver; a name is looked up after `debounceMs` (now when 0). */
  const applyReceiver = (input: string, debounceMs: number) => {
    const value = input.trim();
    lookupId++;
    if (lookupTimer !== undefined) deps.clock.clearTimeout(lookupTimer);
    lookupTimer = undefined;
    const cleared = { receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined, solanaRent: undefined };
    if (deps.network().chainNamespace === 'solana') {
      // Base58 is case-sensitive: taken as typed; no name lookup on Solana.
      form.set({ ...cleared, receiverInput: input, resolvingName: false, receiverAddress: isSolanaAddress(value) ? value : undefined });
      return;
    }
    if (isEvmAddress(value)) {
      form.set({ ...cleared, receiverInput: input, resolvingName: false, receiverAddress: value.startsWith('0x') ? value : `0x${value}` });
      return;
    }
    form.set({ ...cleared, receiverInput: input, resolvingName: false });
    if (!isNameLike(value)) return;
    const id = lookupId;
    form.set({ resolvingName: true });
    if (debounceMs === 0) {
      lookup = resolveName(value, id);
      return;
    }
    lookup = new Promise<void>((resolve) => {
      lookupTimer = deps.clock.setTimeout(() => {
        lookupTimer = undefined;
        void resolveName(value, id).then(resolve);
      }, debounceMs);
    });
  };

  const sent = createStore<{ last?: SentTransaction }>({});
  const settleSent = (hash: string, status: SentTransaction['status']) => {
    const last = sent.getState().last;
    if (last?.hash === hash) sent.setState({ last: { ...last, status } });
  };

  const waitAndSettle = async (hash: string) => {
    try {
      await waitForReceipt(deps.rpc, hash, { clock: deps.clock });
      settleSent(hash, 'confirmed');
    } catch (error) {
      // Spec: a send that fails shows 'Something went wrong'; a receipt that never came is only logged.
      if (error instanceof TransactionRevertedError) {
        settleSent(hash, 'failed');
        deps.toast('error', deps.messages.somethingWentWrong);
      }
    } finally {
      deps.onSettled();
    }
  };

  /** The form as a Solana transfer (amount in base units); undefined unless it is complete and valid (the spec's one rule). */
  const solanaRequest = () => {
    const s = form.getState();
    const from = deps.address();
    const value = amount();
    try {
      validateSolanaSend({ amount: s.sendTokenAmount, receiverAddress: s.receiverAddress });
    } catch {
      return undefined;
    }
    if (!from || !s.token || !s.receiverAddress || !isSolanaAddress(s.receiverAddress) || !value) return undefined;
    return { from, to: s.receiverAddress, units: value, token: { address: s.token.address, decimals: s.token.decimals } };
  };
  const solanaRpc = (): SolanaRpcCall => deps.solanaRpc ?? ((method, params) => deps.rpc(method, params));
  const sendSolana = async (): Promise<SendOutcome> => {
    const request = solanaRequest();
    if (!request) {
      deps.toast('error', deps.messages.invalidAmountAndReceiver);
      return 'invalid';
    }
    const connector = deps.solanaConnector?.();
    if (!connector) {
      log('error', 'Solana send without a connected Solana wallet');
      deps.toast('error', deps.messages.solanaSendFailed);
      return 'failed';
    }
    form.set({ sending: true, loading: true });
    let confirmed: Promise<void>;
    try {
      const { sendSolanaTransfer } = await import('./solana-send.js');
      ({ confirmed } = await sendSolanaTransfer(solanaRpc(), connector, deps.network().caipNetworkId, request, deps.solanaConfirmTimeoutMs));
    } catch (error) {
      if (isUserRejection(error)) return 'rejected';
      log('error', 'Solana send failed', error);
      deps.toast('error', deps.messages.solanaSendFailed);
      return 'failed';
    } finally {
      form.set({ sending: false, loading: false });
    }
    deps.toast('success', deps.messages.transactionStarted);
    form.reset();
    deps.onSent();
    void confirmed
      .catch((error: unknown) => {
        log('error', 'Solana transaction not confirmed', error);
        deps.toast('error', deps.messages.solanaSendFailed);
      })
      .finally(() => deps.onSettled());
    return 'sent';
  };

  const controller: SendFlowController = {
    sent,
    getState: form.getState,
    subscribe: form.subscribe,
    blocker,
    amount,
    amountUsd() {
      const { token } = form.getState();
      const value = amount();
      if (!token?.price || value === undefined) return undefined;
      return (Number(value) / 10 ** token.decimals) * token.price;
    },
    selectToken(balance) {
      const token = sendTokenOf(balance);
      const previous = form.getState().token;
      const keepAmount = previous?.address === token.address;
      form.set({ token, ...(keepAmount ? {} : { sendTokenAmount: undefined }) });
      updateGasUsd();
    },
    setAmount(value) {
      form.set({ sendTokenAmount: value.trim() || undefined });
    },
    setMax() {
      const token = form.getState().token;
      if (token) form.set({ sendTokenAmount: formatAmountInput(unitsOfDecimalText(token.balance, token.decimals), token.decimals, lang()) });
    },
    setReceiver(input) {
      applyReceiver(input, NAME_LOOKUP_DEBOUNCE_MS);
    },
    async fetchGasPrice() {
      const network = deps.network();
      if (network.chainNamespace !== 'eip155') return;
      try {
        const gasPrice = (await deps.isChainSupported())
          ? BigInt((await fetchGasPrice(deps.api, { chainId: network.caipNetworkId })).standard)
          : BigInt((await deps.rpc('eth_gasPrice', [])) as string);
        form.set({ gasPrice });
      } catch {
        // Without a gas price a native send stays incomplete (the button says so).
      }
      updateGasUsd();
    },
    async prepare() {
      const request = solanaRequest();
      if (!request) return;
      try {
        const { solanaRentOf } = await import('./solana-send.js');
        const rent = await solanaRentOf(solanaRpc(), request);
        if (solanaRequest()?.to === request.to) form.set({ solanaRent: rent });
      } catch (error) {
        log('warn', 'Reading the Solana receiver failed', error);
      }
    },
    async send() {
      const network = deps.network();
      const s = form.getState();
      if (network.chainNamespace === 'solana') return sendSolana();
      const provider = deps.getProvider();
      const from = deps.address();
      const value = amount();
      if (blocker() || !provider || !from || !s.token || !s.receiverAddress || value === undefined) return 'invalid';
      const transaction = s.token.address
        ? { from, to: plainAddress(s.token.address), data: erc20TransferData(s.receiverAddress, value) }
        : { from, to: s.receiverAddress, value: `0x${value.toString(16)}` };
      form.set({ sending: true, loading: true });
      let hash: string;
      try {
        hash = (await provider.request({ method: 'eth_sendTransaction', params: [transaction] })) as string;
      } catch (error) {
        if (!isUserRejection(error)) deps.toast('error', deps.messages.somethingWentWrong);
        return isUserRejection(error) ? 'rejected' : 'failed';
      } finally {
        form.set({ sending: false, loading: false });
      }
      deps.toast('success', deps.messages.transactionStarted);
      sent.setState({ last: { hash, token: s.token, value, to: s.receiverAddress, toName: s.receiverProfileName, status: 'pending' } });
      form.reset();
      deps.onSent();
      void waitAndSettle(hash);
      return 'sent';
    },
    async sendTokens({ token, amount: text, to }) {
      const s = form.getState();
      if (!s.token || !sameAddress(s.token.address, token)) {
        const balances = (await deps.balances?.()) ?? s.tokenBalances;
        const balance = balances.find((b) => (token ? !!b.address && sameAddress(b.address, token) : !b.address));
        if (!balance) throw new SendNotPossibleError('unknownToken');
        controller.selectToken(balance);
      }
      // `amount` is plain text ('1.5', as a program writes it); the form holds it as the user reads it ('1,5' in German).
      const selected = form.getState().token!;
      const value = parseAmount(text, selected.decimals);
      const typed = value === undefined ? text.trim() : formatAmountInput(value, selected.decimals, lang());
      if (form.getState().sendTokenAmount !== typed) controller.setAmount(typed);
      const current = form.getState();
      // A receiver typed into the form is resolved (or resolving) already; anything else is taken now, without the debounce.
      if (current.receiverInput !== to || (!current.resolvingName && !current.receiverAddress)) applyReceiver(to, 0);
      else if (lookupTimer !== undefined) applyReceiver(to, 0);
      await lookup;
      if (form.getState().gasPrice === undefined) await controller.fetchGasPrice();
      const reason = blocker();
      if (reason) throw new SendNotPossibleError(reason);
      return controller.send();
    },
    reset() {
      lookupId++;
      if (lookupTimer !== undefined) deps.clock.clearTimeout(lookupTimer);
      lookupTimer = undefined;
      form.reset();
    },
  };
  return controller;
}
