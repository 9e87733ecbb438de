import { STORAGE_KEYS } from '@minibot/modal/storage';
import { hero, walletButton } from './content.js';
import { EARLY_CLICK_ATTRIBUTE, EARLY_CLICKS_GLOBAL } from './earlyClicks.js';
import { RESTORING_ATTRIBUTE, SHOWABLE_ADDRESS } from './restoring.js';

/** On `<html>` while the early script waits for the page's wallet buttons to be parsed (styles.css hides them until patched). */
export const PATCHING_ATTRIBUTE = 'data-wallet-patching';

/**
 * The prerendered page's first script: a classic inline script in the head (the site sends no Content-Security-Policy;
 * one would need its hash, see site/README.md), run before the body is parsed, so before the first paint.
 *
 * - It records clicks on the page's buttons until React listens (`earlyClicks.ts` replays them once hydrated).
 * - When the modal will restore a stored session, it marks `<html>` (RESTORING_ATTRIBUTE) and, as the parser adds
 *   them, turns the navbar's 'Connect Wallet' into the restoring button (the stored short address, busy; else
 *   'Connecting...') and the mint area's connect button into 'Checking NFT ownership...': the markup that
 *   `WalletButton` and `MintArea` render while restoring, so hydration matches it (site/src/earlyScript.test.ts).
 */
export function earlyScript(): string {
  const text = (value: string) => JSON.stringify(value);
  return (
    `(()=>{const root=document.documentElement;const clicks=[];` +
    `const record=(event)=>{const button=event.target instanceof Element&&event.target.closest('#root button');` +
    `if(button){clicks.push(button);root.setAttribute(${text(EARLY_CLICK_ATTRIBUTE)},'')}};` +
    `addEventListener('click',record,true);` +
    `window[${text(EARLY_CLICKS_GLOBAL)}]={clicks,stop(){removeEventListener('click',record,true)}};` +
    `let address;try{if(localStorage.getItem(${text(STORAGE_KEYS.connectorId)})!==null){` +
    `const stored=localStorage.getItem(${text(STORAGE_KEYS.lastAddress)});` +
    `address=stored&&${SHOWABLE_ADDRESS.toString()}.test(stored)?stored:''}}catch{}` +
    `if(address===undefined)return;root.setAttribute(${text(RESTORING_ATTRIBUTE)},address);` +
    `const wallet=(button)=>{button.setAttribute('aria-busy','true');if(!address){button.textContent=${text(walletButton.connecting)};return}` +
    `button.className='btn btn--secondary btn--sm wallet-button wallet-button--address';button.title=address;` +
    `const dot=document.createElement('span');dot.className='wallet-button__dot';dot.setAttribute('aria-hidden','true');` +
    `button.replaceChildren(dot,address.slice(0,6)+'...'+address.slice(-4))};` +
    `const mint=(button)=>{const status=document.createElement('p');status.className='mint__checking';status.setAttribute('role','status');` +
    `const spinner=document.createElement('span');spinner.className='spinner';spinner.setAttribute('aria-hidden','true');` +
    `status.append(spinner,${text(hero.checking)});button.replaceWith(status)};` +
    // A button is patched once the parser has passed its end (its text is complete); until then the stylesheet hides it
    // (PATCHING_ATTRIBUTE), so no paint shows a half-parsed 'Connect Wallet'. Each parsed chunk's mutations reach the
    // observer before the browser may paint that chunk.
    `const parsed=(element)=>{for(let node=element;node;node=node.parentNode)if(node.nextSibling)return true;return false};` +
    `const done=new Set();const patch=(final)=>{` +
    `const navbar=document.querySelector('#root .navbar__wallet > .wallet-button');` +
    `if(navbar&&!done.has('wallet')&&(final||parsed(navbar))){done.add('wallet');wallet(navbar)}` +
    `const connect=document.querySelector('#root .hero__mint .mint > .mint__action');` +
    `if(connect&&!done.has('mint')&&(final||parsed(connect))){done.add('mint');mint(connect)}};` +
    `root.setAttribute(${text(PATCHING_ATTRIBUTE)},'');` +
    `const observer=new MutationObserver(()=>patch(false));observer.observe(root,{childList:true,subtree:true});` +
    `document.addEventListener('DOMContentLoaded',()=>{patch(true);observer.disconnect();root.removeAttribute(${text(PATCHING_ATTRIBUTE)})},{once:true})})();`
  );
}
