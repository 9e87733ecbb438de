import type { ApiContext } from '../../api/http.js';
import type { Balance } from '../../api/blockchain-types.js';
import { fetchGasPrice } from '../../api/convert.js';
import type { Clock, Eip1193Provider, ModalMessages, ModalNetwork, Store } from '../../core/types.js';
import type { SendController, SendState, SendToken } from './send.js';
import type { ToastVariant } from '../toasts.js';
import { formatAmountInput, parseAmount, unitsOfDecimalText } from '../../core/units.js';
import { hasInsufficientGas, isEvmSendComplete } from '../../core/validation.js';
import { ModalError } from '../../errors.js';
import type { ChainRead } from '../../chain/wait.js';
import type { TailTexts } from '../../chain/tail.js';
import type { SolanaWalletConnector } from '../../connectors/solana/connector.js';
import type { SolanaRpcCall } from '../../connectors/solana/transactions.js';
import { typeAmount } from '../amount-input.js';
import { createSendReceiver, NAME_LOOKUP_DEBOUNCE_MS } from './send-receiver.js';
import { createSendSubmit, type SendOutcome, type SentTransaction } from './send-submit.js';
import { createSendSolana } from './send-solana.js';

export { NAME_LOOKUP_DEBOUNCE_MS } from './send-receiver.js';
export type { SendOutcome, SentTransaction } from './send-submit.js';

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

/** The Send feature's actions on its one store (`SendController`: the form, its receiver field and the wallet's answer). */
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
  /**
   * Sends the form as it stands (the review's confirm): waits for a name under way (resolved now if still debounced)
   * and the gas price, then sends. Throws SendNotPossibleError with the reason when something blocks it.
   */
  confirm(): Promise<SendOutcome>;
  reset(): void;
  /** The last sent transaction (`last`), kept after the form resets. */
  readonly sent: Store<{ last?: SentTransaction }>;
}

export interface SendFlowDeps {
  form: SendController;
  api: ApiContext;
  clock: Clock;
  messages: TailTexts & Pick<ModalMessages, 'somethingWentWrong' | 'transactionStarted' | 'invalidAmountAndReceiver' | 'solanaSendFailed'>;
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

/** The Send feature's actions on its one store (spec section 5 rules): the form, its receiver field and its submit. */
export function createSendFlowController(deps: SendFlowDeps): SendFlowController {
  const { form } = deps;
  const lang = () => deps.lang?.() ?? 'en';
  const receiver = createSendReceiver({ form, api: deps.api, clock: deps.clock, network: deps.network });
  const { sent, submit } = createSendSubmit({
    form,
    clock: deps.clock,
    messages: deps.messages,
    toast: deps.toast,
    rpc: deps.rpc,
    onSent: deps.onSent,
    onSettled: deps.onSettled,
  });

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

  /** The typed text and its value, set together: the one parse of a typed amount. */
  const typeText = (text: string | undefined) => {
    const token = form.getState().token;
    const typed = text && token ? typeAmount(text, token.decimals, lang()) : undefined;
    form.set({ sendTokenAmount: text, sendTokenValue: typed?.value, declined: undefined });
  };
  const amount = (): bigint | undefined => form.getState().sendTokenValue;

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

  const solana = createSendSolana(deps, amount, submit);

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
      form.set({ token });
      typeText(keepAmount ? form.getState().sendTokenAmount : undefined);
      updateGasUsd();
    },
    setAmount(value) {
      typeText(value.trim() || undefined);
    },
    setMax() {
      const token = form.getState().token;
      if (token) typeText(formatAmountInput(unitsOfDecimalText(token.balance, token.decimals), token.decimals, lang()));
    },
    setReceiver(input) {
      receiver.apply(input, NAME_LOOKUP_DEBOUNCE_MS);
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
    prepare: () => solana.prepare(),
    async send() {
      const network = deps.network();
      const s = form.getState();
      if (network.chainNamespace === 'solana') return solana.send();
      const provider = deps.getProvider();
      const from = deps.address();
      const value = amount();
      if (blocker() || !provider || !from || !s.token || !s.receiverAddress || value === undefined) return 'invalid';
      const call = s.token.address ? { to: plainAddress(s.token.address), data: erc20TransferData(s.receiverAddress, value) } : { to: s.receiverAddress, value };
      return submit({ kind: 'evm', provider, from, call, sent: { token: s.token, value, to: s.receiverAddress, toName: s.receiverProfileName } });
    },
    async sendTokens({ token, amount: text, to }) {
      const s = form.getState();
      if (!s.token || !sameAddress(s.token.address, token)) {
        const balances = (await deps.balances?.()) ?? s.tokenBalances;
        const balance = balances.find((b) => (token ? !!b.address && sameAddress(b.address, token) : !b.address));
        if (!balance) throw new SendNotPossibleError('unknownToken');
        controller.selectToken(balance);
      }
      // `amount` is plain text ('1.5', as a program writes it): parsed once here; the form shows it as the user reads it ('1,5' in German).
      const selected = form.getState().token!;
      const value = parseAmount(text, selected.decimals);
      if (value === undefined) {
        if (form.getState().sendTokenAmount !== text.trim()) typeText(text.trim() || undefined);
      } else if (form.getState().sendTokenValue !== value) {
        form.set({ sendTokenAmount: formatAmountInput(value, selected.decimals, lang()), sendTokenValue: value });
      }
      const current = form.getState();
      // A receiver typed into the form is resolved (or resolving) already; anything else is taken now, without the debounce.
      if (current.receiverInput !== to || (!current.resolvingName && !current.receiverAddress)) receiver.apply(to, 0);
      return controller.confirm();
    },
    async confirm() {
      const { receiverInput, receiverAddress } = form.getState();
      if (receiver.debouncing) receiver.apply(receiverInput || receiverAddress || '', 0);
      await receiver.settled();
      if (form.getState().gasPrice === undefined) await controller.fetchGasPrice();
      const reason = blocker();
      if (reason) throw new SendNotPossibleError(reason);
      return controller.send();
    },
    reset() {
      receiver.cancel();
      form.reset();
    },
  };
  return controller;
}
