import { encodeFunctionData, type Address } from 'viem';
import { presaleAbi } from '../abi.js';
import { formatAmount } from './formatAmount.js';
import { EARLY_PRICE_GLOBAL } from './earlyPrice.js';

/** The Hero's price element, as the prerendered page has it (Hero.tsx). */
export const PRICE_SELECTOR = '#root .hero__price-value';

export interface EarlyPriceScriptOptions {
  /** The target chain's JSON-RPC endpoint: the one the page's own read uses (the first of `modalNetworks`). */
  rpcUrl: string;
  contractAddress: Address;
  nativeCurrency: { decimals: number; symbol: string };
  /** The element's text while no price is known ('Loading...'): the script writes only over that text. */
  loadingText: string;
}

/**
 * The page's inline price read, built at build time (build/prerender.ts adds it to the head of the page that shows the
 * price): one `eth_call` of the presale's `price()` to the configured RPC, started while the HTML is parsed, so the
 * price is on screen without waiting for the page's deferred JavaScript and its hydration.
 *
 * The calldata is viem's encoding of `price()`, computed here rather than in the browser. The answer counts only when
 * it is a JSON-RPC 2.0 answer to this request whose result is exactly one 32-byte word (the ABI encoding of the
 * `uint256` it returns); anything else (HTTP error, JSON-RPC error, malformed JSON, a node that never answers) leaves
 * 'Loading...' in place, and the page's own read (usePrice) shows the price or its failure as before. The number is
 * formatted by `formatAmount` itself (its source is embedded), so the text is the one the Hero renders.
 *
 * The script writes into the page once it is parsed and only while the page's script has not closed the state
 * (`takeEarlyPrice`, right before hydration); React never finds text it did not render.
 */
export function earlyPriceScript(options: EarlyPriceScriptOptions): string {
  const text = (value: unknown) => JSON.stringify(value);
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [{ to: options.contractAddress, data: encodeFunctionData({ abi: presaleAbi, functionName: 'price' }) }, 'latest'],
  };
  const script =
    `(()=>{const state={closed:false};window[${text(EARLY_PRICE_GLOBAL)}]=state;` +
    `const format=(${formatAmount.toString()});` +
    `fetch(${text(options.rpcUrl)},{method:'POST',headers:{'content-type':'application/json'},body:${text(JSON.stringify(request))}})` +
    `.then((response)=>response.ok?response.json():undefined).then((answer)=>{` +
    `if(!answer||typeof answer!=='object'||answer.jsonrpc!=='2.0'||answer.id!==1||'error' in answer)return;` +
    `const word=answer.result;if(typeof word!=='string'||!/^0x[0-9a-fA-F]{64}$/.test(word))return;` +
    `const shown=format(BigInt(word),${text(options.nativeCurrency.decimals)})+' '+${text(options.nativeCurrency.symbol)};` +
    `const write=()=>{const element=document.querySelector(${text(PRICE_SELECTOR)});` +
    `if(state.closed||!element||element.textContent!==${text(options.loadingText)})return;element.textContent=shown;state.shown=word};` +
    `if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',write,{once:true});else write()})` +
    `.catch(()=>{})})();`;
  if (/<\/script/i.test(script)) throw new Error('The price script must not contain a closing script tag');
  return script;
}
