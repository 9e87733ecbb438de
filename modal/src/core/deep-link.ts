import { safeLinkUrl, schemeOf } from './safe-url.js';

/**
 * The link that opens a wallet app with a pairing URI: universal links get `/wc?uri=`, custom schemes `wc?uri=`.
 * The wallet's link (from the directory or storage) passes `safeLinkUrl` first: undefined when it is rejected
 * (e.g. `javascript:`), and the view then shows no link.
 * @example walletDeepLink('metamask://', 'wc:abc@2') // 'metamask://wc?uri=wc%3Aabc%402'
 */
export function walletDeepLink(link: string | null | undefined, uri: string): string | undefined {
  if (typeof link !== 'string' || !link) return undefined;
  const normalized = link.includes('://') ? link : `${link.replace(/[:/]+$/, '')}://`;
  // The link is the wallet's declared app link: its own scheme is the one it may use.
  const safe = safeLinkUrl(normalized, { scheme: schemeOf(normalized) });
  if (!safe) return undefined;
  const encoded = encodeURIComponent(uri);
  if (/^https?:/.test(safe)) return `${safe.replace(/\/+$/, '')}/wc?uri=${encoded}`;
  return `${safe}wc?uri=${encoded}`;
}

/** A directory wallet's links (the directory's entry; core does not import api/). */
export interface WalletAppLinks {
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
}

/**
 * The link that opens `wallet`'s app with the pairing URI: its mobile link on a phone, else its desktop (or web) app.
 * @example appDeepLink({ mobile_link: 'metamask://' }, true, 'wc:abc@2') // 'metamask://wc?uri=wc%3Aabc%402'
 */
export const appDeepLink = (wallet: WalletAppLinks, isMobile: boolean, uri: string): string | undefined =>
  walletDeepLink(isMobile ? wallet.mobile_link : (wallet.desktop_link ?? wallet.webapp_link), uri);
