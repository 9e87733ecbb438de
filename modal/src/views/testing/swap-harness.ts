import { createTestControllers, testAddress, type ExtraRoutes } from './test-controllers.js';
import { deepText, mountTestModal, waitFor, waitForView } from './test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import type { ModalLocale, ModalTextsOverride } from '../../texts/locale.js';

// The Swap views' tests share these: the swap endpoints, a connected modal on Swap, and the steps to a quote.
// The views and the swap controller load as chunks on first use; loaded here so that a busy machine's first compile
// does not hit the first test's time-out.
import '../swap/swap-view.js';
import '../swap/swap-select-token-view.js';
import '../swap/swap-preview-view.js';
import '../swap/swap-complete-view.js';
import '../../controllers/swap/swap.js';

export const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
export const USDT = '0x3333333333333333333333333333333333333333';
export const POOL = '0x2222222222222222222222222222222222222222';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The swap endpoints for BNB Smart Chain, quoting 590 USDT per BNB; the allowance is what the wallet approved. */
export function swapRoutes(state: { allowance: bigint; usdt: string }): ExtraRoutes {
  return (url, init) => {
    const q = url.searchParams;
    if (url.pathname.endsWith('/v1/convert/tokens'))
      return json({
        tokens: [
          { name: 'BNB', symbol: 'BNB', address: `eip155:56:${NATIVE}`, decimals: 18, logoUri: 'javascript:alert(1)' },
          { name: 'Tether USD', symbol: 'USDT', address: `eip155:56:${USDT}`, decimals: 18, logoUri: '' },
          { name: 'Minibot Token', symbol: 'MBT', address: 'eip155:56:0x4444444444444444444444444444444444444444', decimals: 18, logoUri: '' },
        ],
      });
    if (url.pathname.endsWith('/v1/fungible/price'))
      return json({ fungibles: [{ address: `eip155:56:${NATIVE}`, name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }, { address: `eip155:56:${USDT}`, name: 'USDT', symbol: 'USDT', iconUrl: '', price: 1 }] });
    if (url.pathname.endsWith('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1', instant: '1' });
    if (url.pathname.endsWith('/balance'))
      return json({
        balances: [
          { name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', price: 600, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
          { name: 'Tether USD', symbol: 'USDT', chainId: 'eip155:56', address: `eip155:56:${USDT}`, price: 1, quantity: { decimals: '18', numeric: state.usdt }, iconUrl: '' },
        ],
      });
    if (url.pathname.endsWith('/v1/convert/quotes')) {
      const amount = BigInt(q.get('amount')!);
      const toAmount = q.get('from')!.endsWith(NATIVE) ? amount * 590n : amount / 600n;
      return json({ quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: q.get('from'), toAmount: toAmount.toString(), toAccount: q.get('to') }] });
    }
    if (url.pathname.endsWith('/v1/convert/allowance')) return json({ allowance: state.allowance.toString() });
    if (url.pathname.endsWith('/v1/convert/build-approve'))
      return json({ tx: { from: `eip155:56:${testAddress}`, to: `eip155:56:${USDT}`, data: '0x095ea7b3', value: '0', eip155: { gas: 60000, gasPrice: '1' } } });
    if (url.pathname.endsWith('/v1/convert/build-transaction')) {
      const body = JSON.parse(String(init?.body)) as { amount: string; from: string };
      return json({ tx: { from: `eip155:56:${testAddress}`, to: `eip155:56:${POOL}`, data: '0xabcdef', amount: body.from.endsWith(NATIVE) ? body.amount : '0', eip155: { gas: '200000', gasPrice: '1' } } });
    }
    return undefined;
  };
}

export async function openSwap(
  options: { supported?: boolean; usdt?: string; dark?: boolean; batching?: boolean; approveError?: unknown; locale?: ModalLocale; texts?: ModalTextsOverride; quotesFail?: boolean } = {},
) {
  const state = { allowance: 0n, usdt: options.usdt ?? '25', batchStatus: 100 };
  const sent: { to: string; value: string }[] = [];
  const batches: { calls: { to: string }[]; atomicRequired: boolean }[] = [];
  // A smart-account wallet (EIP-5792): atomic batching on BNB Smart Chain; the batch stays pending until `batchStatus` is set.
  const batchMethods = {
    wallet_getCapabilities: () => ({ '0x38': { atomic: { status: 'ready' } } }),
    wallet_sendCalls(params: unknown) {
      batches.push((params as [(typeof batches)[number]])[0]);
      return { id: '0xba7c4' };
    },
    wallet_getCallsStatus: () => ({ version: '2.0.0', id: '0xba7c4', chainId: '0x38', atomic: true, status: state.batchStatus, receipts: state.batchStatus === 200 ? [{ transactionHash: `0x${'ef'.repeat(32)}`, status: '0x1' }] : [] }),
  };
  const routes = swapRoutes(state);
  const harness = createTestControllers({
    modalOptions: { ...(options.dark ? { themeMode: 'dark' as const } : {}), ...(options.locale ? { locale: options.locale } : {}), ...(options.texts ? { texts: options.texts } : {}) },
    routes: (url, init) => {
      if (options.supported === false && url.pathname.endsWith('/v1/supported-chains')) return json({ http: [], ws: [] });
      // A failing quote service answers its own technical detail (which the screen never shows).
      if (options.quotesFail && url.pathname.endsWith('/v1/convert/quotes')) return json({ error: `upstream aggregator timeout {"pool":"0x${'2'.repeat(40)}","route":[1,2,3]}` }, 502);
      return routes(url, init);
    },
    walletMethods: {
      eth_sendTransaction(params) {
        const tx = (params as [{ to: string; value: string }])[0];
        if (tx.to === USDT && options.approveError) throw options.approveError;
        sent.push(tx);
        if (tx.to === USDT) state.allowance = 10n ** 30n;
        return `0x${'cd'.repeat(32)}`;
      },
      eth_getTransactionReceipt: () => ({ status: '0x1' }),
      ...(options.batching ? batchMethods : {}),
    },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'Swap' });
  const view = await waitForView(modal, 'mb-swap-view');
  return { ...harness, modal, view, sent, state, batches };
}

export const amountInput = (view: HTMLElement) => view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
export const buttonNamed = (root: HTMLElement, name: RegExp) =>
  [...root.shadowRoot!.querySelectorAll<HTMLElement>('button, mb-button')].find((b) => name.test(b.getAttribute('aria-label') ?? deepText(b).replace(/\s+:/g, ':')));

/** In Swap: USDT as the token paid and BNB as the token received, through SwapSelectToken; answers the Swap view. */
export async function pickUsdtForBnb(view: HTMLElement, modal: Parameters<typeof waitForView>[0]): Promise<HTMLElement> {
  const choose = async (symbol: string) => {
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 3, 3000, 'tokens');
    [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].find((i) => i.label.startsWith(symbol))!.shadowRoot!.querySelector('button')!.click();
    return waitForView(modal, 'mb-swap-view');
  };
  buttonNamed(view, /You pay:.*BNB/)!.click();
  const swap = await choose('USDT');
  buttonNamed(swap, /You receive: Select a token/)!.click();
  return choose('BNB');
}

/** The Review swap button once the quote has made it usable. */
/** Picks the second token of the list (USDT) to receive for the BNB the form starts with; the Swap view again. */
export async function pickReceivedToken(view: HTMLElement, modal: Parameters<typeof waitForView>[0]): Promise<HTMLElement> {
  buttonNamed(view, /You receive: Select a token/)!.click();
  const select = await waitForView(modal, 'mb-swap-select-token-view');
  await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 3, 3000, 'tokens');
  [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')][1].shadowRoot!.querySelector('button')!.click();
  return waitForView(modal, 'mb-swap-view');
}

export const reviewWhenEnabled = (swap: HTMLElement) =>
  waitFor(() => {
    const b = buttonNamed(swap, /Review swap/) as (HTMLElement & { disabled: boolean; loading: boolean }) | undefined;
    return b && !b.disabled && !b.loading ? b : undefined;
  }, 3000, 'review enabled');
