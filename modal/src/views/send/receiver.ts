import { html, nothing } from 'lit';

/** A receiver that a name stands for, as the Send views show it. */
export interface NamedReceiver {
  name: string;
  /** The address the name resolved to, checksummed (EIP-55): the one the transaction goes to. */
  address: string;
  /** The name's avatar, already through the image URL gate. */
  avatar?: string;
  /** The review puts the address first: it is what is signed; the name is what the owner chose to call it. */
  addressFirst?: boolean;
}

/**
 * The name with its avatar and, beside it, the whole address (never shortened: a look-alike address can share its first
 * and last characters). The view imports mb-wallet-image and carries `sendStyles`.
 */
export function namedReceiver(r: NamedReceiver) {
  const name = html`<span class="receiver-name"
    ><mb-wallet-image shape="circle" src=${r.avatar ?? nothing} name=${r.name}></mb-wallet-image><span>${r.name}</span></span
  >`;
  const address = html`<span class="receiver-address" dir="ltr" translate="no">${r.address}</span>`;
  return html`<div class="receiver">${r.addressFirst ? [address, name] : [name, address]}</div>`;
}
