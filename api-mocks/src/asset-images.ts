import { assetMarks, type AssetMarkName } from './asset-marks.js';
import { initials, labelSvg, markSvg } from './images.js';

/**
 * The directory's network, token and currency images (`/public/getAssetImage`, `getTokenImage`, `getCurrencyImage`):
 * a chain's or coin's own mark where simple-icons has it, otherwise a readable label (a ticker, a currency sign, a
 * chain id), never the letters of an id's namespace.
 */

/** BNB's yellow on BNB Chain's near-black: a BSC network reads apart from the BNB coin (white on yellow) beside it. */
const BNB_NETWORK = { fill: '#1e2026', ink: '#f0b90b' };

/** Coins by upper-case ticker: wrapped and test coins carry their chain's mark. */
const TOKEN_MARKS: Record<string, AssetMarkName> = {
  BNB: 'bnb',
  TBNB: 'bnb',
  WBNB: 'bnb',
  SOL: 'solana',
  WSOL: 'solana',
  ETH: 'ethereum',
  WETH: 'ethereum',
  POL: 'polygon',
  MATIC: 'polygon',
  OP: 'optimism',
  BTC: 'bitcoin',
  BTCB: 'bitcoin',
  WBTC: 'bitcoin',
  USDT: 'tether',
};

/** Ground colours where a brand colour would not carry a white mark the way the coin's own logo does. */
const TOKEN_FILLS: Partial<Record<AssetMarkName, string>> = { ethereum: '#627eea' };

/** Coins without a simple-icons mark that have a colour of their own: their ticker on it. */
const TOKEN_COLOURS: Record<string, string> = { USDC: '#2775ca' };

/** EVM chains by CAIP-2 id. */
const EVM_NETWORKS: Record<string, { name: string; mark: AssetMarkName }> = {
  'eip155:1': { name: 'Ethereum', mark: 'ethereum' },
  'eip155:11155111': { name: 'Sepolia', mark: 'ethereum' },
  'eip155:10': { name: 'OP Mainnet', mark: 'optimism' },
  'eip155:56': { name: 'BNB Smart Chain', mark: 'bnb' },
  'eip155:97': { name: 'BNB Smart Chain Testnet', mark: 'bnb' },
  'eip155:137': { name: 'Polygon', mark: 'polygon' },
};

/** Namespaces whose every chain has one mark. */
const NAMESPACE_MARKS: Record<string, { name: string; mark: AssetMarkName }> = {
  solana: { name: 'Solana', mark: 'solana' },
  bip122: { name: 'Bitcoin', mark: 'bitcoin' },
};

/** The local chain api-mocks serves: its CAIP-2 id, name and native coin's ticker. */
export interface LocalNetwork {
  id: string;
  name: string;
  nativeSymbol: string;
}

function networkMarkSvg(mark: AssetMarkName, name: string): string {
  if (mark === 'bnb') return markSvg(assetMarks.bnb, name, 'square', BNB_NETWORK.fill, BNB_NETWORK.ink);
  return markSvg(assetMarks[mark], name, 'square', `#${assetMarks[mark].hex}`);
}

/** The image of a network (`eip155:56`) or of another asset id (`local-exchange`, `nft-4`). */
export function assetImageSvg(id: string, local: LocalNetwork): string {
  const seed = `id:${id.toLowerCase()}`;
  if (id.toLowerCase() === local.id.toLowerCase()) {
    // The local chain is a copy of the chain its coin belongs to (BSC Local: BNB): that chain's mark.
    const mark = TOKEN_MARKS[local.nativeSymbol.toUpperCase()];
    return mark ? networkMarkSvg(mark, local.name) : labelSvg(seed, local.name, initials(local.name), 'square');
  }
  const known = EVM_NETWORKS[id] ?? NAMESPACE_MARKS[id.split(':')[0]];
  if (known && id.includes(':')) return networkMarkSvg(known.mark, known.name);
  const caip2 = /^[-a-z0-9]{3,8}:([-_a-zA-Z0-9]{1,32})$/.exec(id);
  // A chain nobody named here: its reference (`8453`), the part that tells chains of one namespace apart.
  if (caip2) return labelSvg(seed, `Chain ${caip2[1]}`, caip2[1].slice(0, 6), 'square');
  const nft = /^nft-(\d{1,6})$/i.exec(id);
  if (nft) return labelSvg(seed, `Token #${nft[1]}`, `#${nft[1]}`, 'square');
  return labelSvg(seed, id, initials(id), 'square');
}

/** The image of a coin by ticker (`BNB`, `USDT`). */
export function tokenImageSvg(symbol: string): string {
  const ticker = symbol.toUpperCase();
  const mark = TOKEN_MARKS[ticker];
  if (mark) return markSvg(assetMarks[mark], symbol, 'circle', TOKEN_FILLS[mark] ?? `#${assetMarks[mark].hex}`);
  return labelSvg(`symbol:${ticker.toLowerCase()}`, symbol, symbol.slice(0, 5), 'circle', TOKEN_COLOURS[ticker]);
}

/** The image of a fiat currency (`USD`): its sign ($, €, £), or its code where it has no sign of its own. */
export function currencyImageSvg(code: string): string {
  let sign = code.toUpperCase();
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    sign = parts.find((part) => part.type === 'currency')?.value ?? sign;
  } catch {
    // Not an ISO 4217 code: its letters.
  }
  return labelSvg(`code:${code.toLowerCase()}`, code.toUpperCase(), sign, 'circle');
}
