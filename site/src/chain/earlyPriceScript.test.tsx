import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, type Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { hero } from '../content.js';
import { Hero } from '../sections/Hero.js';
import { createFakeClient } from '../test/fakeModal.js';
import { fakeModal } from '../test/fakeModalReact.js';
import { EARLY_PRICE_GLOBAL, earlyPrice, forgetEarlyPrice, takeEarlyPrice, type EarlyPriceState } from './earlyPrice.js';
import { earlyPriceScript, PRICE_SELECTOR } from './earlyPriceScript.js';
import { formatAmount } from './formatAmount.js';

const RPC_URL = 'http://127.0.0.1:9/rpc';
const { contractAddress, preset } = siteConfig;

function script(): string {
  return earlyPriceScript({ rpcUrl: RPC_URL, contractAddress: contractAddress!, nativeCurrency: preset.nativeCurrency, loadingText: hero.priceLoading });
}

function state(): EarlyPriceState | undefined {
  return (window as unknown as Record<string, EarlyPriceState | undefined>)[EARLY_PRICE_GLOBAL];
}

/** The word `price()` returns for `value`, as a node encodes it. */
function word(value: bigint): Hex {
  return encodeAbiParameters([{ type: 'uint256' }], [value]);
}

/** A fetch that answers every request with `body` (a string is sent as is) and records the requests. */
function answerWith(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Runs the price script against the prerendered price element, then lets its request and answer settle. */
async function runScript(): Promise<HTMLElement> {
  document.body.innerHTML = `<div id="root"><span class="hero__price-value" data-testid="price">${hero.priceLoading}</span></div>`;
  new Function(script())();
  await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
  // The answer's promise chain (response, JSON, write) takes a few microtasks and the body read a task.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return document.querySelector<HTMLElement>(PRICE_SELECTOR)!;
}

beforeEach(() => {
  fakeModal.reset(createFakeClient({ chainId: 31337, price: 10n ** 17n }));
});

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_PRICE_GLOBAL];
  forgetEarlyPrice();
  document.body.innerHTML = '';
});

describe('the inline price read', () => {
  it("sends one eth_call of price() (viem's calldata) to the configured RPC, to the presale contract", async () => {
    const fetch = answerWith({ jsonrpc: '2.0', id: 1, result: word(5n * 10n ** 16n) });
    await runScript();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(RPC_URL);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: contractAddress, data: encodeFunctionData({ abi: presaleAbi, functionName: 'price' }) }, 'latest'],
    });
  });

  it.each([0n, 1n, 10n ** 15n, 5n * 10n ** 16n, 25n * 10n ** 16n, 10n ** 18n, 1234567890123456789n, 2n ** 256n - 1n])(
    'shows %s wei as the Hero does (the value viem decodes, formatAmount, the symbol)',
    async (value) => {
      answerWith({ jsonrpc: '2.0', id: 1, result: word(value) });
      const element = await runScript();
      const decoded = decodeFunctionResult({ abi: presaleAbi, functionName: 'price', data: word(value) });
      expect(element.textContent).toBe(`${formatAmount(decoded, preset.nativeCurrency.decimals)} ${preset.nativeCurrency.symbol}`);
      expect(state()?.shown).toBe(word(value));
    },
  );

  it.each([
    ['an HTTP error', { jsonrpc: '2.0', id: 1, result: word(1n) }, 500],
    ['a JSON-RPC error', { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted' } }, 200],
    ['an error beside a result', { jsonrpc: '2.0', id: 1, result: word(1n), error: { code: -32000, message: 'no' } }, 200],
    ['an answer to another request', { jsonrpc: '2.0', id: 2, result: word(1n) }, 200],
    ['no JSON-RPC version', { id: 1, result: word(1n) }, 200],
    ['an empty result (no contract there)', { jsonrpc: '2.0', id: 1, result: '0x' }, 200],
    ['a short word', { jsonrpc: '2.0', id: 1, result: word(1n).slice(0, 64) }, 200],
    ['two words', { jsonrpc: '2.0', id: 1, result: `${word(1n)}${word(2n).slice(2)}` }, 200],
    ['a word that is not hex', { jsonrpc: '2.0', id: 1, result: `0x${'zz'.repeat(32)}` }, 200],
    ['a number', { jsonrpc: '2.0', id: 1, result: 50000000000000000 }, 200],
    ['markup', { jsonrpc: '2.0', id: 1, result: '<img src=x onerror=alert(1)>' }, 200],
    ['null', null, 200],
    ['a body that is not JSON', 'Bad gateway', 200],
  ])('leaves Loading... for %s (the page read shows the price)', async (_name, body, status) => {
    answerWith(body, status);
    const element = await runScript();
    expect(element.textContent).toBe(hero.priceLoading);
    expect(state()?.shown).toBeUndefined();
  });

  it('leaves Loading... when the request fails, and while the node does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect((await runScript()).textContent).toBe(hero.priceLoading);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    expect((await runScript()).textContent).toBe(hero.priceLoading);
  });

  it("writes nothing once the page's script has taken over (an answer after that is dropped)", async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const element = await runScript();
    takeEarlyPrice();
    answer(new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: word(10n ** 17n) })));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(element.textContent).toBe(hero.priceLoading);
    expect(earlyPrice()).toBeUndefined();
  });

  it('writes only over Loading... (never over text it did not expect)', async () => {
    answerWith({ jsonrpc: '2.0', id: 1, result: word(10n ** 17n) });
    document.body.innerHTML = `<div id="root"><span class="hero__price-value">Price not available</span></div>`;
    new Function(script())();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.querySelector(PRICE_SELECTOR)?.textContent).toBe('Price not available');
  });
});

describe('hydrating over the price the script wrote', () => {
  it('matches, keeps the price while the page reads it again, then shows the read', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The prerendered Hero: what the first render shows before any read has answered.
    let release!: (price: bigint) => void;
    const read = fakeModal.client.publicClient.readContract.getMockImplementation()!;
    fakeModal.client.publicClient.readContract.mockImplementation(async (request) =>
      request.functionName === 'price' ? new Promise<bigint>((resolve) => (release = resolve)) : read(request),
    );
    const rendered = render(<Hero />);
    const html = rendered.container.innerHTML;
    rendered.unmount();
    expect(html).toContain(`data-testid="price">${hero.priceLoading}<`);

    answerWith({ jsonrpc: '2.0', id: 1, result: word(5n * 10n ** 16n) });
    document.body.innerHTML = `<div id="root">${html}</div>`;
    new Function(script())();
    const price = () => document.querySelector(PRICE_SELECTOR)!.textContent;
    await vi.waitFor(() => expect(price()).toBe(`0.05 ${preset.nativeCurrency.symbol}`));

    takeEarlyPrice();
    expect(earlyPrice()).toBe(5n * 10n ** 16n);
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(document.getElementById('root')!, <Hero />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(price()).toBe(`0.05 ${preset.nativeCurrency.symbol}`);
    // A Hero mounted later starts from its own read.
    expect(earlyPrice()).toBeUndefined();

    await act(async () => release(6n * 10n ** 16n));
    expect(price()).toBe(`0.06 ${preset.nativeCurrency.symbol}`);
    act(() => root.unmount());
  });
});
