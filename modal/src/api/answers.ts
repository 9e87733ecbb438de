/**
 * Checks of the answers the modal gets before or right after the first click (supported chains, identity,
 * balances, wallet directory, allowed origins, analytics config). The api functions load this module when an
 * answer arrives, so that the checks and the URL gate stay out of the first-click bundle.
 */
import type {
  Balance,
  BalanceResponse,
  Exchange,
  ExchangeBuyStatus,
  GetExchangeBuyStatusResult,
  GetExchangePayUrlResult,
  GetExchangesResult,
  IdentityResponse,
  LookupNameResponse,
  SmartSession,
  SupportedChainsResponse,
} from './blockchain-types.js';
import type { FungiblePrice, SwapQuote, SwapToken } from './convert-types.js';
import type { ProjectConfigResponse, ProjectFeature, ProjectLimitsResponse, WcWallet } from './directory-types.js';
import type {
  Transaction,
  TransactionImage,
  TransactionOperationType,
  TransactionStatus,
  TransactionTransfer,
} from './history-types.js';
import type { OnrampAmount, OnrampPaymentCurrency, OnrampPurchaseCurrency } from './onramp-types.js';
import type { CaipAddress, CaipNetworkId, Hex } from './shared-types.js';
import { array, boolean, CAIP10, CAIP2, DECIMAL, HEX, imageUrl, INTEGER, isRecord, items, linkUrl, nullableString, number, optional, record, string, type Fail } from './validate.js';
import { schemeOf } from '../core/safe-url.js';

/** Row 1: `http` (required) and `ws` (dropped when malformed) are lists of CAIP-2 ids. */
export function supportedChains(body: unknown, fail: Fail): SupportedChainsResponse {
  const b = record(body, fail);
  const caip2 = (v: unknown, f: Fail) => string(v, f, 'chain id', CAIP2) as CaipNetworkId;
  return { http: array(b.http, fail, 'http').map((id) => caip2(id, fail)), ws: optional(b.ws, (v, f) => array(v, f, 'ws').map((id) => caip2(id, f))) ?? [] };
}

/** Row 2: a name of at most 255 characters or null; the avatar passes the image gate (else null). */
export function identity(body: unknown, fail: Fail): IdentityResponse {
  const b = record(body, fail);
  return { name: nullableString(b.name, fail, 'name', /^\P{Cc}{1,255}$/u), avatar: imageUrl(b.avatar) ?? null };
}

/** One token balance of row 3; the icon passes the image gate (else it is left out). */
export function balance(item: unknown, fail: Fail): Balance {
  const b = record(item, fail, 'balance');
  const quantity = record(b.quantity, fail, 'quantity');
  const result: Balance = {
    name: string(b.name, fail, 'name', undefined, 200),
    symbol: string(b.symbol, fail, 'symbol', /^\P{Cc}{1,32}$/u),
    chainId: string(b.chainId, fail, 'chainId', CAIP2) as CaipNetworkId,
    price: number(b.price, fail, 'price', 0),
    quantity: { decimals: string(quantity.decimals, fail, 'decimals', /^\d{1,3}$/), numeric: string(quantity.numeric, fail, 'numeric', DECIMAL) },
  };
  const address = optional(b.address, (v, f) => string(v, f, 'address', CAIP10) as CaipAddress);
  if (address) result.address = address;
  const value = optional(b.value, (v, f) => number(v, f, 'value', 0));
  if (value !== undefined) result.value = value;
  const icon = imageUrl(b.iconUrl);
  if (icon) result.iconUrl = icon;
  return result;
}

/** Row 3: malformed balances are dropped. */
export function balances(body: unknown, fail: Fail): BalanceResponse {
  return { balances: items(record(body, fail).balances, fail, 'balances', balance) };
}

/** Links of a directory entry; each passes `safeLinkUrl`. */
export const WALLET_LINK_FIELDS = ['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'link_mode', 'app_store', 'play_store', 'chrome_store'] as const;
/** The links that open the wallet's app: the only ones that may use its custom scheme. */
const APP_LINK_FIELDS: ReadonlySet<string> = new Set(['mobile_link', 'desktop_link']);
const WALLET_ID = /^[-\w.:]{1,128}$/;
const text = (value: unknown, pattern: RegExp): string | undefined => (typeof value === 'string' && pattern.test(value) ? value : undefined);

/**
 * One directory entry (row 24) as the modal uses it. `id` and `name` are required (without them the entry is
 * dropped); every link passes `safeLinkUrl` and `image_url` `safeImageUrl` (a rejected one is dropped, the entry
 * kept); other fields are kept only when well-formed; unknown fields are left out.
 */
export function wallet(value: unknown): WcWallet | undefined {
  if (!isRecord(value)) return undefined;
  const id = text(value.id, WALLET_ID);
  // A name is text of 1 to 100 characters with something visible in it.
  const name = text(value.name, /^(?=[^]*\S)\P{Cc}{1,100}$/u);
  if (!id || !name) return undefined;
  const entry: WcWallet = { id, name };
  for (const key of WALLET_LINK_FIELDS) {
    // The app links declare the wallet's own scheme (`metamask://`); every other link is a web page.
    const url = linkUrl(value[key], APP_LINK_FIELDS.has(key) ? schemeOf(value[key]) : undefined);
    if (url) entry[key] = url;
  }
  const image = imageUrl(value.image_url);
  if (image) entry.image_url = image;
  const imageId = text(value.image_id, WALLET_ID);
  if (imageId) entry.image_id = imageId;
  // A malformed chain list supports none of the app's chains (never "all": filterByChains keeps wallets without `chains`).
  if (value.chains !== undefined && value.chains !== null) {
    entry.chains = (Array.isArray(value.chains) ? value.chains.slice(0, 100) : []).filter((c): c is CaipNetworkId => text(c, CAIP2) !== undefined);
  }
  const rdns = text(value.rdns, /^[-\w.]{1,255}$/);
  if (rdns) entry.rdns = rdns;
  if (Array.isArray(value.injected) && value.injected.length <= 20) {
    const injected = value.injected.flatMap((item: unknown) => {
      const namespace = isRecord(item) ? text(item.namespace, /^[-a-z0-9]{3,8}$/) : undefined;
      const injectedId = isRecord(item) ? text(item.injected_id, /^[-\w.]{1,100}$/) : undefined;
      return namespace && injectedId ? [{ namespace, injected_id: injectedId }] : [];
    });
    if (injected.length) entry.injected = injected;
  }
  if (value.badge_type === 'none' || value.badge_type === 'certified') entry.badge_type = value.badge_type;
  for (const key of ['order', 'display_index'] as const) {
    const n = value[key];
    if (typeof n === 'number' && Math.abs(n) <= 1e9) entry[key] = n;
  }
  if (typeof value.supports_wc === 'boolean') entry.supports_wc = value.supports_wc;
  return entry;
}

/** Row 24: `data` (at most `entries` kept, malformed entries dropped) and `count` are required. */
export function wallets(body: unknown, fail: Fail, entries: number): { data: WcWallet[]; count: number } {
  const b = record(body, fail);
  const data = items(array(b.data, fail, 'data').slice(0, entries), fail, 'data', (item, f) => wallet(item) ?? f('malformed entry'));
  return { data, count: number(b.count, fail, 'count', 0, 1e9) };
}

/** Row 32: origin patterns of at most 300 characters. */
export function allowedOrigins(body: unknown, fail: Fail): string[] {
  return array(record(body, fail).allowedOrigins, fail, 'allowedOrigins').map((o) => string(o, fail, 'allowedOrigins', undefined, 300));
}

/** Row 29. */
export function analyticsConfig(body: unknown, fail: Fail): { isAnalyticsEnabled: boolean } {
  return { isAnalyticsEnabled: boolean(record(body, fail).isAnalyticsEnabled, fail, 'isAnalyticsEnabled') };
}

// Rows 4-22: the calls the wallet features make.
const caip2 = (v: unknown, fail: Fail, what: string) => string(v, fail, what, CAIP2) as CaipNetworkId;
const caip10 = (v: unknown, fail: Fail, what: string) => string(v, fail, what, CAIP10) as CaipAddress;
const integer = (v: unknown, fail: Fail, what: string) => string(v, fail, what, INTEGER);
const hex = (v: unknown, fail: Fail, what: string) => string(v, fail, what, HEX, 1_000_000) as Hex;
/** A short text: no control characters, at most `max` characters. */
const label = (v: unknown, fail: Fail, what: string, max = 200) => string(v, fail, what, /^\P{Cc}*$/u, max);


export function history(body: unknown, fail: Fail) {
    const b = record(body, fail);
    return { data: items(b.data, fail, 'data', transaction), next: optional(b.next, (v, f) => label(v, f, 'next', 1000)) || null };
  }

export function swapTokens(body: unknown, fail: Fail) {
    return { tokens: items(record(body, fail).tokens, fail, 'tokens', swapToken) };
  }

export function swapQuotes(body: unknown, fail: Fail) {
      return {
        quotes: array(record(body, fail).quotes, fail, 'quotes', 100).map((item): SwapQuote => {
          const q = record(item, fail, 'quote');
          return {
            id: nullableString(q.id, fail, 'id'),
            fromAmount: integer(q.fromAmount, fail, 'fromAmount'),
            fromAccount: label(q.fromAccount, fail, 'fromAccount'),
            toAmount: integer(q.toAmount, fail, 'toAmount'),
            toAccount: label(q.toAccount, fail, 'toAccount'),
          };
        }),
      };
    }

export function allowance(body: unknown, fail: Fail) {
  return ({ allowance: integer(record(body, fail).allowance, fail, 'allowance') });
}

export function gasPrice(body: unknown, fail: Fail) {
      const b = record(body, fail);
      return {
        standard: integer(b.standard, fail, 'standard'),
        fast: integer(b.fast, fail, 'fast'),
        instant: integer(b.instant, fail, 'instant'),
      };
    }

export function buildApprove(body: unknown, fail: Fail) {
      const tx = record(record(body, fail).tx, fail, 'tx');
      const eip155 = record(tx.eip155, fail, 'tx.eip155');
      return {
        tx: {
          from: caip10(tx.from, fail, 'tx.from'),
          to: caip10(tx.to, fail, 'tx.to'),
          data: hex(tx.data, fail, 'tx.data'),
          value: integer(tx.value, fail, 'tx.value'),
          eip155: { gas: number(eip155.gas, fail, 'tx.eip155.gas', 0, Number.MAX_SAFE_INTEGER), gasPrice: integer(eip155.gasPrice, fail, 'tx.eip155.gasPrice') },
        },
      };
    }

export function buildTransaction(b: unknown, fail: Fail) {
      const tx = record(record(b, fail).tx, fail, 'tx');
      const eip155 = record(tx.eip155, fail, 'tx.eip155');
      return {
        tx: {
          from: caip10(tx.from, fail, 'tx.from'),
          to: caip10(tx.to, fail, 'tx.to'),
          data: hex(tx.data, fail, 'tx.data'),
          amount: integer(tx.amount, fail, 'tx.amount'),
          eip155: { gas: integer(eip155.gas, fail, 'tx.eip155.gas'), gasPrice: integer(eip155.gasPrice, fail, 'tx.eip155.gasPrice') },
        },
      };
    }

export function tokenPrices(b: unknown, fail: Fail) {
  return ({
      fungibles: items(record(b, fail).fungibles, fail, 'fungibles', (item, f): FungiblePrice => {
        const p = record(item, f);
        const result: FungiblePrice = {
          address: label(p.address, f, 'address'),
          name: label(p.name, f, 'name'),
          symbol: label(p.symbol, f, 'symbol', 32),
          price: number(p.price, f, 'price', 0),
        };
        const icon = imageUrl(p.iconUrl);
        if (icon) result.iconUrl = icon;
        return result;
      }),
    });
}

export function lookupName(body: unknown, fail: Fail) {
  return validateName(body, fail, 'body');
}

export function reverseLookup(body: unknown, fail: Fail) {
  return array(body, fail, 'body', 100).map((n, i) => validateName(n, fail, `body[${i}]`));
}

export function nameSuggestions(body: unknown, fail: Fail) {
  return ({
    suggestions: array(record(body, fail).suggestions, fail, 'suggestions', 100).map((item) => {
      const s = record(item, fail, 'suggestion');
      return { name: string(s.name, fail, 'name', /^[-.\w]{1,255}$/), registered: boolean(s.registered, fail, 'registered') };
    }),
  });
}

export function registerName(body: unknown, fail: Fail) {
  return validateName(body, fail, 'body');
}

export function onrampUrl(body: unknown, fail: Fail) {
  return ({ url: linkUrl(record(body, fail).url) ?? fail('url is not a safe link') });
}

export function onrampOptions(body: unknown, fail: Fail) {
    const b = record(body, fail);
    const id = (v: unknown, f: Fail, what: string) => string(v, f, what, /^[-\w.]{1,64}$/);
    return {
      paymentCurrencies: items(b.paymentCurrencies, fail, 'paymentCurrencies', (item, f): OnrampPaymentCurrency => {
        const c = record(item, f);
        return {
          id: id(c.id, f, 'id'),
          payment_method_limits: array(c.payment_method_limits, f, 'payment_method_limits', 50).map((limit) => {
            const l = record(limit, f);
            return { id: id(l.id, f, 'limit id'), min: string(l.min, f, 'min', DECIMAL), max: string(l.max, f, 'max', DECIMAL) };
          }),
        };
      }),
      purchaseCurrencies: items(b.purchaseCurrencies, fail, 'purchaseCurrencies', (item, f): OnrampPurchaseCurrency => {
        const c = record(item, f);
        return {
          id: id(c.id, f, 'id'),
          name: label(c.name, f, 'name'),
          symbol: label(c.symbol, f, 'symbol', 32),
          networks: array(c.networks, f, 'networks', 100).map((network) => {
            const n = record(network, f);
            return {
              name: label(n.name, f, 'name'),
              display_name: label(n.display_name, f, 'display_name'),
              chain_id: label(n.chain_id, f, 'chain_id', 64),
              contract_address: label(n.contract_address, f, 'contract_address'),
            };
          }),
        };
      }),
    };
  }

export function onrampQuote(body: unknown, fail: Fail) {
      const b = record(body, fail);
      const amount = (v: unknown, what: string): OnrampAmount => {
        const a = record(v, fail, what);
        return { amount: string(a.amount, fail, `${what}.amount`, DECIMAL), currency: label(a.currency, fail, `${what}.currency`, 32) };
      };
      return {
        paymentTotal: amount(b.paymentTotal, 'paymentTotal'),
        paymentSubtotal: amount(b.paymentSubtotal, 'paymentSubtotal'),
        purchaseAmount: amount(b.purchaseAmount, 'purchaseAmount'),
        coinbaseFee: amount(b.coinbaseFee, 'coinbaseFee'),
        networkFee: amount(b.networkFee, 'networkFee'),
        quoteId: label(b.quoteId, fail, 'quoteId'),
      };
    }

export function smartSessions(body: unknown, fail: Fail) {
    const b = record(body, fail);
    return {
      address: caip10(b.address, fail, 'address'),
      sessions: array(b.sessions, fail, 'sessions').map((item): SmartSession => {
        const s = record(item, fail, 'session');
        const typed = (v: unknown, what: string) =>
          array(v, fail, what, 100).map((entry) => {
            const e = record(entry, fail, what);
            return { type: label(e.type, fail, `${what}.type`, 64), data: e.data };
          });
        return {
          pci: label(s.pci, fail, 'pci'),
          expiry: number(s.expiry, fail, 'expiry', 0, Number.MAX_SAFE_INTEGER),
          createdAt: label(s.createdAt, fail, 'createdAt'),
          revokedAt: nullableString(s.revokedAt, fail, 'revokedAt'),
          permissions: typed(s.permissions, 'permissions'),
          policies: typed(s.policies, 'policies'),
        };
      }),
    };
  }

export function revokeSession(body: unknown, fail: Fail) {
      const b = record(body, fail);
      return { pci: label(b.pci, fail, 'pci'), revokedAt: label(b.revokedAt, fail, 'revokedAt') };
    }

const OPERATION_TYPES = /^(approve|burn|deploy|execute|mint|receive|send|trade|withdraw|deposit|buy)$/;

/** One transfer of a history entry; icons and NFT images pass the image gate. */
function transfer(item: unknown, fail: Fail): TransactionTransfer {
  const t = record(item, fail, 'transfer');
  const result: TransactionTransfer = {
    direction: string(t.direction, fail, 'direction', /^(in|out|self)$/) as TransactionTransfer['direction'],
    quantity: { numeric: string(record(t.quantity, fail, 'quantity').numeric, fail, 'quantity.numeric', DECIMAL) },
  };
  const fungible = optional(t.fungible_info, record);
  if (fungible) {
    const icon = imageUrl(optional(fungible.icon, record)?.url);
    result.fungible_info = {
      ...(optional(fungible.name, (v, f) => label(v, f, 'name')) !== undefined ? { name: label(fungible.name, fail, 'name') } : {}),
      ...(optional(fungible.symbol, (v, f) => label(v, f, 'symbol', 32)) !== undefined ? { symbol: label(fungible.symbol, fail, 'symbol', 32) } : {}),
      ...(icon ? { icon: { url: icon } } : {}),
    };
  }
  const nft = optional(t.nft_info, record);
  if (nft) {
    const content = optional(nft.content, record);
    const image = (v: unknown): TransactionImage | undefined => {
      const url = imageUrl(optional(v, record)?.url);
      return url ? { url } : undefined;
    };
    const preview = image(content?.preview);
    const detail = image(content?.detail);
    result.nft_info = {
      ...(typeof nft.name === 'string' && nft.name.length <= 200 ? { name: nft.name } : {}),
      ...(content ? { content: { ...(preview ? { preview } : {}), ...(detail ? { detail } : {}) } } : {}),
      flags: { is_spam: optional(nft.flags, record)?.is_spam === true },
    };
  }
  const value = optional(t.value, (v, f) => number(v, f, 'value', 0));
  if (value !== undefined) result.value = value;
  const price = optional(t.price, (v, f) => number(v, f, 'price', 0));
  if (price !== undefined) result.price = price;
  return result;
}

/** One history entry (row 4); a malformed transfer drops the entry. */
function transaction(item: unknown, fail: Fail): Transaction {
  const tx = record(item, fail, 'transaction');
  const m = record(tx.metadata, fail, 'metadata');
  return {
    id: label(tx.id, fail, 'id'),
    metadata: {
      operationType: string(m.operationType, fail, 'operationType', OPERATION_TYPES) as TransactionOperationType,
      hash: string(m.hash, fail, 'hash', /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/),
      chain: caip2(m.chain, fail, 'chain'),
      minedAt: label(m.minedAt, fail, 'minedAt', 64),
      sentFrom: label(m.sentFrom, fail, 'sentFrom'),
      sentTo: label(m.sentTo, fail, 'sentTo'),
      status: string(m.status, fail, 'status', /^(confirmed|failed|pending)$/) as TransactionStatus,
      nonce: number(m.nonce, fail, 'nonce', 0, Number.MAX_SAFE_INTEGER),
    },
    transfers: tx.transfers === null || tx.transfers === undefined ? null : array(tx.transfers, fail, 'transfers', 100).map((t) => transfer(t, fail)),
  };
}

/** One swap token (row 5); its logo passes the image gate. */
function swapToken(item: unknown, fail: Fail): SwapToken {
  const t = record(item, fail, 'token');
  const token: SwapToken = {
    name: label(t.name, fail, 'name'),
    symbol: label(t.symbol, fail, 'symbol', 32),
    address: caip10(t.address, fail, 'address'),
    decimals: number(t.decimals, fail, 'decimals', 0, 255),
  };
  const logo = imageUrl(t.logoUri);
  if (logo) token.logoUri = logo;
  if (typeof t.eip2612 === 'boolean') token.eip2612 = t.eip2612;
  return token;
}

/** A registered name (rows 12-13): addresses by coin type; the avatar attribute passes the image gate. */
function validateName(value: unknown, fail: Fail, what: string): LookupNameResponse {
  const n = record(value, fail, what);
  const addresses: LookupNameResponse['addresses'] = {};
  for (const [coinType, entry] of Object.entries(optional(n.addresses, record) ?? {}).slice(0, 100)) {
    const a = optional(entry, record);
    const address = a && optional(a.address, (v, f) => label(v, f, 'address'));
    if (/^\d{1,10}$/.test(coinType) && address) addresses[coinType] = { address, created: optional(a.created, (v, f) => label(v, f, 'created')) ?? '' };
  }
  const attributes = (optional(n.attributes, (v, f) => array(v, f, 'attributes', 20)) ?? []).map((item) => {
    const attribute = optional(item, record) ?? {};
    const avatar = imageUrl(attribute.avatar);
    const bio = optional(attribute.bio, (v, f) => string(v, f, 'bio', undefined, 1000));
    return { ...(avatar ? { avatar } : {}), ...(bio ? { bio } : {}) };
  });
  return {
    name: string(n.name, fail, `${what}.name`, /^[-.\w]{1,255}$/),
    registered_at: optional(n.registered_at, (v, f) => label(v, f, 'registered_at')) ?? '',
    updated_at: optional(n.updated_at, (v, f) => label(v, f, 'updated_at')) ?? '',
    addresses,
    attributes,
  };
}

/** `reown_getExchanges`: exchanges (image through the URL gate) and their total. */
export function exchanges(result: unknown, fail: Fail): GetExchangesResult {
  const r = record(result, fail, 'result');
  return {
    exchanges: items(
      r.exchanges,
      fail,
      'exchanges',
      (item, f): Exchange => {
        const e = record(item, f);
        const exchange: Exchange = { id: string(e.id, f, 'id', /^[-\w.]{1,64}$/), name: label(e.name, f, 'name', 100) };
        const image = imageUrl(e.imageUrl);
        if (image) exchange.imageUrl = image;
        return exchange;
      },
      100,
    ),
    total: number(r.total, fail, 'total', 0, 1e9),
  };
}

/** `reown_getExchangePayUrl`: the pay URL passes the link gate (else the answer fails). */
export function exchangePayUrl(result: unknown, fail: Fail): GetExchangePayUrlResult {
  const r = record(result, fail, 'result');
  return { url: linkUrl(r.url) ?? fail('url is not a safe link'), sessionId: label(r.sessionId, fail, 'sessionId') };
}

/** `reown_getExchangeBuyStatus`. */
export function exchangeBuyStatus(result: unknown, fail: Fail): GetExchangeBuyStatusResult {
  const r = record(result, fail, 'result');
  const txHash = optional(r.txHash, (v, f) => hex(v, f, 'txHash'));
  return { status: string(r.status, fail, 'status', /^(UNKNOWN|IN_PROGRESS|SUCCESS|FAILED)$/) as ExchangeBuyStatus, ...(txHash ? { txHash } : {}) };
}

/** Row 30: remote features (at most 100; `config` dropped when malformed). */
export function projectConfig(body: unknown, fail: Fail): ProjectConfigResponse {
  return {
    features: array(record(body, fail).features, fail, 'features', 100).map((item, i): ProjectFeature => {
      const f = record(item, fail, `features[${i}]`);
      return {
        id: string(f.id, fail, `features[${i}].id`, /^[a-z_]{1,64}$/) as ProjectFeature['id'],
        isEnabled: boolean(f.isEnabled, fail, `features[${i}].isEnabled`),
        config: optional(f.config, (c, failConfig) => array(c, failConfig, 'config', 100).map((v) => string(v, failConfig, 'config', undefined, 200))) ?? null,
      };
    }),
  };
}

/** Row 31: the plan tier and its two limits. */
export function projectLimits(body: unknown, fail: Fail): ProjectLimitsResponse {
  const limits = record(record(body, fail).planLimits, fail, 'planLimits');
  return {
    planLimits: {
      tier: string(limits.tier, fail, 'planLimits.tier', /^(none|starter|pro|enteprise)$/) as ProjectLimitsResponse['planLimits']['tier'],
      isAboveRpcLimit: limits.isAboveRpcLimit === true,
      isAboveMauLimit: limits.isAboveMauLimit === true,
    },
  };
}
