import type { ApiContext } from '../api/http.js';
import type { Balance } from '../api/types.js';
import { fetchGasPrice } from '../api/convert.js';
import { lookupName } from '../api/blockchain.js';
import { createStore } from '../core/store.js';
import type { Clock, Eip1193Provider, ModalMessages, ModalNetwork, Store } from '../core/types.js';
import type { SendController, SendToken } from './send.js';
import type { ToastVariant } from './toasts.js';
import { parseUnitsString } from '../core/units.js';
import { hasInsufficientGas, isEvmAddress, isEvmSendComplete, validateSolanaSend } from '../core/validation.js';
import type { SolanaWalletConnector } from '../connectors/solana/connector.js';
import { isSolanaAddress } from '../connectors/solana/rules.js';
import { createSolanaRpcCall, type SolanaRpcCall } from '../connectors/solana/transactions.js';
import { log } from '../core/log.js';

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

export interface SendFlowState {
  /** What the user typed as receiver: an address or a name. */
  receiverInput: string;
  resolvingName: boolean;
  sending: boolean;
  /** Solana: the rent (in SOL) the transfer pays into the receiver's new token account; undefined when none is made. */
  solanaRent?: string;
}

export interface SendFlowController extends Store<SendFlowState> {
  selectToken(balance: Balance): void;
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
  /**
   * Sends through the connected wallet: 'Transaction started', then the receipt is awaited and balances and Activity
   * refresh. A rejection in the wallet is silent and keeps the form; any other failure shows 'Something went wrong'.
   */
  send(): Promise<SendOutcome>;
  reset(): void;
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
  rpc: (method: string, params: unknown[]) => Promise<unknown>;
  /** The native coin's balance entry, for the gas rule. */
  nativeBalance: () => Balance | undefined;
  /** The wallet accepted the transaction. */
  onSent: () => void;
  /** The receipt arrived (or waiting gave up): refresh balances and Activity. */
  onSettled: () => void;
  receiptPollMs?: number;
  receiptMaxPolls?: number;
  /** The connected Solana wallet's connector; undefined while none is connected. */
  solanaConnector?: () => SolanaWalletConnector | undefined;
  /** A JSON-RPC call on the active Solana network (default: through `fetch` to the network's RPC URL). */
  solanaRpc?: SolanaRpcCall;
  /** How long a Solana send waits for its confirmation. */
  solanaConfirmTimeoutMs?: number;
}

/** Gas a plain value transfer and an ERC-20 `transfer` take (for the fee estimate in USD). */
export const NATIVE_TRANSFER_GAS = 21_000n;
export const ERC20_TRANSFER_GAS = 65_000n;
export const NAME_LOOKUP_DEBOUNCE_MS = 300;

export { parseUnitsString };

/** Calldata of ERC-20 `transfer(to, amount)`. */
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

/** EIP-1193 4001 (top level or nested as wallets do); a local check keeps this lazy module off the first-click chunks. */
const isUserRejection = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; name?: unknown; cause?: unknown; data?: { originalError?: unknown } } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === 4001 || e.name === 'UserRejectedError') return true;
    e = (e.data?.originalError ?? e.cause) as typeof e;
  }
  return false;
};

const plainAddress = (caip10: string) => caip10.split(':').pop()!;
const isNameLike = (value: string) => !/^0x/i.test(value) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(value) && value.length >= 3;

/** The Send flow on top of the send form's state (spec section 5 rules). */
export function createSendFlowController(deps: SendFlowDeps): SendFlowController {
  const { form } = deps;
  const store = createStore<SendFlowState>({ receiverInput: '', resolvingName: false, sending: false });
  let lookupTimer: unknown;
  let lookupId = 0;

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

  const blocker = (): SendBlocker | undefined => {
    const s = form.getState();
    const flow = store.getState();
    if (!s.token) return 'selectToken';
    const amount = parseUnitsString(s.sendTokenAmount ?? '', s.token.decimals);
    if (!amount) return 'enterAmount';
    if (amount > (parseUnitsString(s.token.balance, s.token.decimals) ?? 0n)) return 'insufficientFunds';
    if (!flow.receiverInput.trim()) return 'enterReceiver';
    if (flow.resolvingName) return 'resolvingName';
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
      const address = entry && isEvmAddress(entry.address) ? entry.address : undefined;
      form.set({
        receiverAddress: address,
        receiverProfileName: address ? profile.name : undefined,
        receiverProfileImageUrl: address ? profile.attributes.find((a) => a.avatar)?.avatar : undefined,
      });
    } catch {
      if (id === lookupId) form.set({ receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined });
    } finally {
      if (id === lookupId) store.setState({ resolvingName: false });
    }
  };

  const waitForReceipt = async (hash: string) => {
    const pollMs = deps.receiptPollMs ?? 1000;
    const maxPolls = deps.receiptMaxPolls ?? 120;
    try {
      for (let poll = 0; poll < maxPolls; poll++) {
        const receipt = (await deps.rpc('eth_getTransactionReceipt', [hash]).catch(() => null)) as { status?: string } | null;
        if (receipt) {
          if (receipt.status === '0x0') deps.toast('error', deps.messages.somethingWentWrong);
          return;
        }
        await new Promise<void>((resolve) => deps.clock.setTimeout(resolve, pollMs));
      }
    } finally {
      deps.onSettled();
    }
  };

  const solanaRpc = (): SolanaRpcCall => deps.solanaRpc ?? createSolanaRpcCall(deps.network().rpcUrls.default.http[0]);
  /** The form as a Solana transfer; undefined unless it is complete and valid (the spec's one rule). */
  const solanaRequest = () => {
    const s = form.getState();
    const from = deps.address();
    try {
      validateSolanaSend({ amount: s.sendTokenAmount, receiverAddress: s.receiverAddress });
    } catch {
      return undefined;
    }
    if (!from || !s.token || !s.receiverAddress || !isSolanaAddress(s.receiverAddress) || !parseUnitsString(s.sendTokenAmount!, s.token.decimals)) return undefined;
    return { from, to: s.receiverAddress, amount: s.sendTokenAmount!, token: { address: s.token.address, decimals: s.token.decimals } };
  };
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
    store.setState({ sending: true });
    form.set({ loading: true });
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
      store.setState({ sending: false });
      form.set({ loading: false });
    }
    deps.toast('success', deps.messages.transactionStarted);
    form.reset();
    store.setState({ receiverInput: '', resolvingName: false, solanaRent: undefined });
    deps.onSent();
    void confirmed
      .catch((error: unknown) => {
        log('error', 'Solana transaction not confirmed', error);
        deps.toast('error', deps.messages.solanaSendFailed);
      })
      .finally(() => deps.onSettled());
    return 'sent';
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    blocker,
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
      if (token) form.set({ sendTokenAmount: token.balance });
    },
    setReceiver(input) {
      const value = input.trim();
      lookupId++;
      if (lookupTimer !== undefined) deps.clock.clearTimeout(lookupTimer);
      lookupTimer = undefined;
      store.setState({ receiverInput: input, resolvingName: false });
      const cleared = { receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined };
      store.setState({ solanaRent: undefined });
      if (deps.network().chainNamespace === 'solana') {
        // Base58 is case-sensitive: taken as typed; Solana has no name lookup here.
        form.set({ ...cleared, receiverAddress: isSolanaAddress(value) ? value : undefined });
        return;
      }
      if (isEvmAddress(value)) {
        form.set({ ...cleared, receiverAddress: value.startsWith('0x') ? value : `0x${value}` });
        return;
      }
      form.set(cleared);
      if (!isNameLike(value)) return;
      const id = lookupId;
      store.setState({ resolvingName: true });
      lookupTimer = deps.clock.setTimeout(() => void resolveName(value, id), NAME_LOOKUP_DEBOUNCE_MS);
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
        if (solanaRequest()?.to === request.to) store.setState({ solanaRent: rent });
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
      if (blocker() || !provider || !from || !s.token || !s.receiverAddress) return 'invalid';
      const amount = parseUnitsString(s.sendTokenAmount!, s.token.decimals)!;
      const transaction = s.token.address
        ? { from, to: plainAddress(s.token.address), data: erc20TransferData(s.receiverAddress, amount) }
        : { from, to: s.receiverAddress, value: `0x${amount.toString(16)}` };
      store.setState({ sending: true });
      form.set({ loading: true });
      let hash: string;
      try {
        hash = (await provider.request({ method: 'eth_sendTransaction', params: [transaction] })) as string;
      } catch (error) {
        if (!isUserRejection(error)) deps.toast('error', deps.messages.somethingWentWrong);
        return isUserRejection(error) ? 'rejected' : 'failed';
      } finally {
        store.setState({ sending: false });
        form.set({ loading: false });
      }
      deps.toast('success', deps.messages.transactionStarted);
      form.reset();
      store.setState({ receiverInput: '', resolvingName: false });
      deps.onSent();
      void waitForReceipt(hash);
      return 'sent';
    },
    reset() {
      lookupId++;
      if (lookupTimer !== undefined) deps.clock.clearTimeout(lookupTimer);
      form.reset();
      store.setState({ receiverInput: '', resolvingName: false, sending: false, solanaRent: undefined });
    },
  };
}
