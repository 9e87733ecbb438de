import { createHash } from 'node:crypto';
import type { WcWallet } from '../../modal/src/api/directory-types.js';
import type { CaipNetworkId } from '../../modal/src/api/shared-types.js';

/** How many wallets the generated directory holds. */
export const WALLET_COUNT = 420;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A UUID-shaped image id derived from a seed (the hosted directory uses UUIDs for images). */
function imageId(seed: string): string {
  const hex = sha256(`image:${seed}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Hand-named wallets at the top of the directory (invented for this project; domains under `.example`). */
const NAMED: { name: string; slug: string; injected?: string; desktop?: boolean; web?: boolean }[] = [
  { name: 'Harbor Wallet', slug: 'harbor', injected: 'isHarbor', desktop: true },
  { name: 'Kestrel', slug: 'kestrel', injected: 'isKestrel', web: true },
  { name: 'Lumen Vault', slug: 'lumenvault', desktop: true },
  { name: 'Pinecone Wallet', slug: 'pinecone', injected: 'isPinecone' },
  { name: 'Orbit Keys', slug: 'orbitkeys', web: true },
  { name: 'Tidepool', slug: 'tidepool', desktop: true, web: true },
  { name: 'Ember Wallet', slug: 'ember', injected: 'isEmber' },
  { name: 'Granite Safe', slug: 'granitesafe', web: true },
  { name: 'Marble Wallet', slug: 'marble' },
  { name: 'Nimbus Pay', slug: 'nimbuspay', desktop: true },
  { name: 'Quartz Wallet', slug: 'quartz' },
  { name: 'Sable Keys', slug: 'sablekeys', injected: 'isSable' },
];

const ADJECTIVES = ['Amber', 'Bright', 'Cobalt', 'Dawn', 'Echo', 'Fable', 'Glacier', 'Hollow', 'Iris', 'Jade', 'Kinetic', 'Lunar', 'Maple', 'Nova', 'Opal', 'Prism', 'Quiet', 'Rapid', 'Solar', 'Tundra', 'Umber', 'Velvet', 'Willow', 'Xeno', 'Yonder', 'Zephyr'];
const NOUNS = ['Wallet', 'Vault', 'Keys', 'Pay', 'Safe', 'Pocket', 'Purse', 'Ledger', 'Chest', 'Pouch', 'Locker', 'Satchel', 'Coffer', 'Bank', 'Wave', 'Link'];

const BSC: CaipNetworkId = 'eip155:56';
const ETHEREUM: CaipNetworkId = 'eip155:1';
const POLYGON: CaipNetworkId = 'eip155:137';
const SOLANA: CaipNetworkId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const BITCOIN: CaipNetworkId = 'bip122:000000000019d6689c085ae165831e93';

/** Chain sets by wallet index: most wallets support BSC; some are Solana-only or Bitcoin-only. */
function chainsFor(index: number, localChain: CaipNetworkId): CaipNetworkId[] {
  if (index < NAMED.length) return [ETHEREUM, BSC, localChain, POLYGON, ...(index % 3 === 0 ? [SOLANA] : [])];
  switch (index % 10) {
    case 3:
      return [SOLANA];
    case 7:
      return [BITCOIN];
    case 5:
      return [ETHEREUM, POLYGON];
    default:
      return index % 4 === 0 ? [ETHEREUM, BSC, localChain] : [ETHEREUM, BSC, POLYGON];
  }
}

/**
 * The generated wallet directory: deterministic for a given local chain (same ids, names and
 * order on every start), sorted by `order`.
 */
export function generateWallets(localChainId: number): WcWallet[] {
  const localChain: CaipNetworkId = `eip155:${localChainId}`;
  const wallets: WcWallet[] = [];
  for (let index = 0; index < WALLET_COUNT; index += 1) {
    const named = NAMED[index];
    const name = named
      ? named.name
      : `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]}${index >= ADJECTIVES.length * NOUNS.length ? ` ${Math.floor(index / (ADJECTIVES.length * NOUNS.length)) + 1}` : ''}`;
    const slug = named ? named.slug : name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const id = sha256(`minibot-directory-wallet:${slug}`);
    const hasDesktop = named ? Boolean(named.desktop) : index % 6 === 0;
    const hasWeb = named ? Boolean(named.web) : index % 9 === 0;
    const injectedId = named?.injected ?? (index % 11 === 0 ? `is${slug[0].toUpperCase()}${slug.slice(1)}` : undefined);
    const chains = chainsFor(index, localChain);
    const evm = chains.some((chain) => chain.startsWith('eip155:'));
    wallets.push({
      id,
      name,
      homepage: `https://${slug}.example`,
      image_id: imageId(slug),
      order: index + 1,
      display_index: index + 1,
      mobile_link: index % 5 === 4 ? null : `${slug}://`,
      desktop_link: hasDesktop ? `${slug}-desktop://` : null,
      webapp_link: hasWeb ? `https://app.${slug}.example` : null,
      link_mode: null,
      app_store: index % 5 === 4 ? null : `https://apps.apple.example/app/${slug}`,
      play_store: index % 5 === 4 ? null : `https://play.google.example/store/apps/details?id=example.${slug}`,
      chrome_store: injectedId ? `https://chrome.google.example/webstore/detail/${slug}` : null,
      rdns: injectedId || hasDesktop ? `example.${slug}` : null,
      injected: injectedId ? [{ namespace: evm ? 'eip155' : chains[0].split(':')[0], injected_id: injectedId }] : null,
      chains,
      badge_type: index < 24 ? 'certified' : 'none',
      supports_wc: true,
    });
  }
  return wallets;
}

export interface WalletQuery {
  page: number;
  entries: number;
  chains?: string[];
  search?: string;
  badgeType?: string;
  include?: string[];
  exclude?: string[];
  names?: string[];
  rdns?: string[];
}

/** One page of the directory for a query; `count` is the number of all matches. */
export function queryWallets(wallets: WcWallet[], query: WalletQuery): { data: WcWallet[]; count: number } {
  const search = query.search?.trim().toLowerCase();
  const include = query.include && query.include.length > 0 ? new Set(query.include) : undefined;
  const exclude = new Set(query.exclude ?? []);
  const names = query.names && query.names.length > 0 ? new Set(query.names.map((name) => name.toLowerCase())) : undefined;
  const rdns = query.rdns && query.rdns.length > 0 ? new Set(query.rdns) : undefined;
  const matches = wallets.filter((wallet) => {
    if (include && !include.has(wallet.id)) return false;
    if (exclude.has(wallet.id)) return false;
    if (query.chains && query.chains.length > 0 && !wallet.chains?.some((chain) => query.chains?.includes(chain))) return false;
    if (search && !wallet.name.toLowerCase().includes(search)) return false;
    if (query.badgeType && query.badgeType !== 'none' && wallet.badge_type !== query.badgeType) return false;
    if (names && !names.has(wallet.name.toLowerCase())) return false;
    if (rdns && (!wallet.rdns || !rdns.has(wallet.rdns))) return false;
    return true;
  });
  const start = (query.page - 1) * query.entries;
  return { data: matches.slice(start, start + query.entries), count: matches.length };
}
