// What the approval shows, as data: built only from the parsed request (requests.ts) and what the frame looked up
// about it (names, tokens, fee). The frame renders it and signs the same parsed request.
import { decodeFunctionData, formatUnits, maxUint256, type Address, type Hex } from 'viem';
import type { ParsedCall, ParsedRequest, ParsedTypedData } from './requests.js';

export interface NativeCurrency {
  symbol: string;
  decimals: number;
}

/** What a contract told the frame about itself (ERC-20: symbol and decimals; ERC-721: symbol). */
export interface TokenInfo {
  standard: 'erc20' | 'erc721';
  symbol: string;
  decimals?: number;
}

export interface ApprovalFacts {
  native: NativeCurrency;
  /** Names the profile service knows, by checksummed address. */
  names: Record<string, string>;
  /** Contracts the frame asked about, by checksummed address. */
  tokens: Record<string, TokenInfo>;
  /** The presale contract of this chain (its `mint(quantity)` is named). */
  presale?: Address;
  /** Network fee estimate in wei (gas x price) for a transaction; undefined when it could not be estimated. */
  feeWei?: bigint;
}

export type Row = [term: string, value: string];

export interface CallView {
  heading: string;
  rows: Row[];
  /** The calldata, shown folded. */
  data: Hex;
}

export interface TreeNode {
  label: string;
  value?: string;
  children?: TreeNode[];
}

export interface ApprovalView {
  kind: 'message' | 'transaction';
  title: string;
  /**
   * What the request does, a line each, shown on top before any detail (a batch: the number of calls, the total
   * value, every approval it grants; a permit: the token, the spender, the amount or "Unlimited", the expiry).
   */
  summary: string[];
  /** Warnings shown above the summary (an unlimited approval, funds moved out of the visitor's smart account, typed data the wallet cannot summarise). */
  warnings: string[];
  rows: Row[];
  calls: CallView[];
  /** personal_sign: the text (or hex when the bytes are not text). */
  message?: string;
  /** Typed data: the domain and the message as trees. */
  domain?: TreeNode[];
  typedMessage?: TreeNode[];
}

export const APPROVAL_TITLES = {
  message: 'Sign message',
  typedData: 'Sign message',
  send: 'Send this transaction?',
  signTransaction: 'Sign this transaction?',
  calls: 'Send these calls?',
} as const;

/** A JSON ABI entry (no human-readable ABI parser in the frame's script: it is the larger part of viem's ABI code). */
function fn<const N extends string, const T extends readonly string[]>(name: N, types: T) {
  return { type: 'function', name, stateMutability: 'nonpayable', outputs: [], inputs: types.map((type) => ({ type, name: '' })) as { [K in keyof T]: { type: T[K]; name: '' } } } as const;
}

/** Known calls the approval decodes; the ERC-20 and ERC-721 `transferFrom` share a selector (told apart by TokenInfo). */
export const KNOWN_ABI = [
  fn('transfer', ['address', 'uint256']),
  fn('approve', ['address', 'uint256']),
  fn('transferFrom', ['address', 'address', 'uint256']),
  fn('safeTransferFrom', ['address', 'address', 'uint256']),
  fn('safeTransferFrom', ['address', 'address', 'uint256', 'bytes']),
  fn('setApprovalForAll', ['address', 'bool']),
  fn('mint', ['uint256']),
] as const;

/** `1.5 BNB`: an amount in a currency's units with its symbol. */
export const formatAmount = (value: bigint, currency: NativeCurrency) => `${formatUnits(value, currency.decimals)} ${currency.symbol}`;

const named = (address: Address | undefined, facts: ApprovalFacts) => {
  if (!address) return '(new contract)';
  const name = facts.names[address];
  return name ? `${name} (${address})` : address;
};

function decodeCall(call: ParsedCall, facts: ApprovalFacts): { heading: string; rows: Row[] } | undefined {
  if (!call.to || call.data.length < 10) return undefined;
  let decoded: ReturnType<typeof decodeFunctionData<typeof KNOWN_ABI>>;
  try {
    decoded = decodeFunctionData({ abi: KNOWN_ABI, data: call.data });
  } catch {
    return undefined;
  }
  const token = facts.tokens[call.to];
  const symbol = token?.symbol ?? 'tokens';
  const amount = (value: bigint) => (token?.standard === 'erc20' && token.decimals !== undefined ? `${formatUnits(value, token.decimals)} ${symbol}` : `${value} (raw units) ${symbol}`);
  switch (decoded.functionName) {
    case 'transfer':
      return { heading: `Transfer ${amount(decoded.args[1])}`, rows: [['Recipient', named(decoded.args[0], facts)], ['Amount', amount(decoded.args[1])]] };
    case 'approve': {
      if (token?.standard === 'erc721') {
        return { heading: `Allow ${named(decoded.args[0], facts)} to take ${symbol} #${decoded.args[1]}`, rows: [['Spender', named(decoded.args[0], facts)], ['Token ID', String(decoded.args[1])]] };
      }
      const unlimited = decoded.args[1] === maxUint256;
      const allowance = unlimited ? `Unlimited ${symbol}` : amount(decoded.args[1]);
      return {
        heading: unlimited ? `Unlimited approval: ${named(decoded.args[0], facts)} may spend all your ${symbol}` : `Approve spending of ${allowance}`,
        rows: [['Spender', named(decoded.args[0], facts)], ['Allowance', allowance]],
      };
    }
    case 'transferFrom':
      if (token?.standard === 'erc721') {
        return { heading: `Transfer ${symbol} #${decoded.args[2]}`, rows: [['From', named(decoded.args[0], facts)], ['Recipient', named(decoded.args[1], facts)], ['Token ID', String(decoded.args[2])]] };
      }
      return { heading: `Transfer ${amount(decoded.args[2])}`, rows: [['From', named(decoded.args[0], facts)], ['Recipient', named(decoded.args[1], facts)], ['Amount', amount(decoded.args[2])]] };
    case 'safeTransferFrom':
      return { heading: `Transfer ${symbol} #${decoded.args[2]}`, rows: [['From', named(decoded.args[0], facts)], ['Recipient', named(decoded.args[1], facts)], ['Token ID', String(decoded.args[2])]] };
    case 'setApprovalForAll':
      return {
        heading: decoded.args[1] ? `Allow ${named(decoded.args[0], facts)} to take all your ${symbol}` : `Withdraw ${named(decoded.args[0], facts)}'s access to your ${symbol}`,
        rows: [['Operator', named(decoded.args[0], facts)], ['Access to all', decoded.args[1] ? 'Yes' : 'No']],
      };
    case 'mint':
      if (facts.presale && call.to === facts.presale) {
        return { heading: `Mint ${decoded.args[0]} Minibot M1`, rows: [['Quantity', String(decoded.args[0])]] };
      }
      return undefined;
  }
}

function callView(call: ParsedCall, facts: ApprovalFacts, heading: string): CallView {
  const decoded = decodeCall(call, facts);
  // `To` is the contract for a decoded call (the token, the collection, the presale); the decoded rows add the rest.
  const rows: Row[] = [
    ['To', named(call.to, facts)],
    ['Value', formatAmount(call.value, facts.native)],
  ];
  return { heading: decoded?.heading ?? heading, rows: [...rows, ...(decoded?.rows ?? [])], data: call.data };
}

const JSON_SCALAR = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : JSON.stringify(value) ?? String(value));

function tree(value: Record<string, unknown>, type: string | undefined, types: ParsedTypedData['types']): TreeNode[] {
  const fields = type && types[type] ? types[type].map((f) => [f.name, f.type] as const) : Object.keys(value).map((k) => [k, undefined] as const);
  return fields.map(([name, fieldType]) => node(name, value[name], fieldType, types));
}

function node(label: string, value: unknown, type: string | undefined, types: ParsedTypedData['types']): TreeNode {
  const base = type?.replace(/\[\d*\]$/, '');
  if (Array.isArray(value)) return { label, children: value.map((item, index) => node(`${label}[${index}]`, item, base, types)) };
  if (typeof value === 'object' && value !== null) return { label, children: tree(value as Record<string, unknown>, base, types) };
  return { label, value: JSON_SCALAR(value) };
}

/**
 * The approval of a parsed request: title, summary rows, each call decoded where its ABI is known (raw calldata
 * kept for the folded part), the message text or the typed data's domain and message as trees.
 */
export function describeApproval(request: ParsedRequest, facts: ApprovalFacts): ApprovalView {
  const from: Row = ['From', named(request.account, facts)];
  switch (request.method) {
    case 'personal_sign':
      return { kind: 'message', title: APPROVAL_TITLES.message, summary: [], warnings: [], rows: [from], calls: [], message: request.message.text };
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      const { typedData } = request;
      const domainType = typedData.types.EIP712Domain ? 'EIP712Domain' : undefined;
      return {
        kind: 'message',
        title: APPROVAL_TITLES.typedData,
        summary: [],
        warnings: [],
        rows: [from, ['Type', typedData.primaryType]],
        calls: [],
        domain: tree(typedData.domain as Record<string, unknown>, domainType, typedData.types),
        typedMessage: tree(typedData.message, typedData.primaryType, typedData.types),
      };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const call = callView(request.transaction, facts, request.transaction.to ? 'Contract call' : 'Contract creation');
      return {
        kind: 'transaction',
        title: request.method === 'eth_sendTransaction' ? APPROVAL_TITLES.send : APPROVAL_TITLES.signTransaction,
        summary: [],
        warnings: [],
        rows: [from, ['Network fee', facts.feeWei === undefined ? 'Unknown' : `up to ${formatAmount(facts.feeWei, facts.native)}`]],
        calls: [call],
      };
    }
    case 'wallet_sendCalls': {
      const total = request.calls.reduce((sum, call) => sum + call.value, 0n);
      return {
        kind: 'transaction',
        title: APPROVAL_TITLES.calls,
        summary: [],
        warnings: [],
        rows: [from, ['Total value', formatAmount(total, facts.native)], ['Network fee', facts.feeWei === undefined ? 'Unknown' : `up to ${formatAmount(facts.feeWei, facts.native)}`]],
        calls: request.calls.map((call, index) => callView(call, facts, `Call ${index + 1}`)),
      };
    }
  }
}

/** Every address a request names (targets and decoded arguments), for the name and token look-ups. */
export function addressesOf(request: ParsedRequest): { targets: Address[]; mentioned: Address[] } {
  const calls = request.method === 'wallet_sendCalls' ? request.calls : 'transaction' in request ? [request.transaction] : [];
  const targets = calls.flatMap((call) => (call.to ? [call.to] : []));
  const mentioned = new Set<Address>(targets);
  for (const call of calls) {
    try {
      const decoded = decodeFunctionData({ abi: KNOWN_ABI, data: call.data });
      for (const arg of decoded.args ?? []) if (typeof arg === 'string' && /^0x[0-9a-fA-F]{40}$/.test(arg)) mentioned.add(arg as Address);
    } catch {
      // Not a known call: only its target is looked up.
    }
  }
  return { targets: [...new Set(targets)], mentioned: [...mentioned] };
}
