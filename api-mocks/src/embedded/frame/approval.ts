// What the approval shows, as data: built only from the parsed request (requests.ts) and what the frame looked up
// about it (names, tokens, fee). The frame renders it and signs the same parsed request.
import { formatUnits, type Address, type Hex } from 'viem';
import { addressesOfCall, decodeCall, formatAmount, formatDate, named, unlimitedApprovalText } from './calls.js';
import type { Permit, PermitExpiry } from './permits.js';
import type { ParsedCall, ParsedRequest, ParsedTypedData } from './requests.js';
import type { SignInMessage } from './sign-in.js';
import { formatWithSymbol, texts } from './texts/catalogue.js';
import { arrayOf, type TypedStruct, type TypedValue } from './typed-data.js';

export { formatAmount, KNOWN_ABI } from './calls.js';

export interface NativeCurrency {
  symbol: string;
  decimals: number;
}

/** What a contract told the frame about itself (ERC-20: symbol and decimals; ERC-721: symbol). */
export interface TokenInfo {
  standard: 'erc20' | 'erc721';
  symbol: string;
  decimals?: number;
  /** The contract's `name()`, when it answered one. */
  name?: string;
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
  /** The visitor's two accounts: a call to their own smart account's execute/executeBatch is named as a move out of it. */
  accounts?: { eoa: Address; smartAccount?: Address };
  /** The locale for dates (the frame's language when absent) and, in tests, the time zone. */
  locale?: string;
  timeZone?: string;
}

export type Row = [term: string, value: string];

export interface CallView {
  heading: string;
  rows: Row[];
  /** The calldata, shown folded. */
  data: Hex;
}

/** A field of typed data: its name (an array: with its length; an item: `name[i]`), and its value as text or its fields/items. */
export interface TreeNode {
  label: string;
  value?: string;
  children?: TreeNode[];
  /** The field's declared EIP-712 type (`address`, `uint256`, `Person[]`), which the value was checked against. */
  type?: string;
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
  /** Typed data: the domain and the message as trees, every field as it is hashed. */
  domain?: TreeNode[];
  typedMessage?: TreeNode[];
  /** A sign-in (EIP-4361) as the wallet read it; the message text is in `message`, the account, chain and expiry in `summary`. */
  signIn?: SignInMessage;
}

const unique = (lines: string[]) => [...new Set(lines)];

function callView(call: ParsedCall, facts: ApprovalFacts, heading: string, notes: { summary: string[]; warnings: string[] }): CallView {
  const decoded = decodeCall(call, facts);
  notes.summary.push(...(decoded?.summary ?? []));
  notes.warnings.push(...(decoded?.warnings ?? []));
  // `To` is the contract for a decoded call (the token, the collection, the presale); the decoded rows add the rest.
  const t = texts();
  const rows: Row[] = [
    [t.to, named(call.to, facts)],
    [t.value, formatAmount(call.value, facts.native)],
  ];
  return { heading: decoded?.heading ?? heading, rows: [...rows, ...(decoded?.rows ?? [])], data: call.data };
}

/** A contract as the domain names it: its profile name, or the token name and symbol it answered, or "Unknown contract". */
export function contractLabel(address: Address, facts: ApprovalFacts): string {
  if (facts.names[address]) return named(address, facts);
  const token = facts.tokens[address];
  if (!token) return texts().unknownContract(address);
  return token.name ? `${token.name}, ${token.symbol} (${address})` : `${token.symbol} (${address})`;
}

const tokenLabel = (address: Address, facts: ApprovalFacts) => (facts.tokens[address] ? `${facts.tokens[address].symbol} (${address})` : texts().unknownToken(address));

/** A leaf of typed data as text: strings as written, integers in full, addresses checksummed with their names, bytes as hex. */
function leafText(value: TypedValue, type: string, facts: ApprovalFacts, contract: boolean): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return String(value);
  if (type === 'address') return contract ? contractLabel(value as Address, facts) : named(value as Address, facts);
  return value as string;
}

function typedNode(label: string, value: TypedValue, type: string, types: ParsedTypedData['types'], facts: ApprovalFacts, contract = false): TreeNode {
  const array = arrayOf(type);
  if (array) {
    const items = value as TypedValue[];
    return { label: `${label} (${texts().itemCount(items.length)})`, type, children: items.map((item, index) => typedNode(`${label}[${index}]`, item, array.element, types, facts)) };
  }
  if (Object.hasOwn(types, type)) return { label, type, children: typedTree(value as TypedStruct, type, types, facts) };
  return { label, type, value: leafText(value, type, facts, contract) };
}

/** The fields of a struct in their declared (hashed) order. */
function typedTree(struct: TypedStruct, type: string, types: ParsedTypedData['types'], facts: ApprovalFacts): TreeNode[] {
  return types[type].map((field) => typedNode(field.name, struct[field.name], field.type, types, facts, type === 'EIP712Domain' && field.name === 'verifyingContract'));
}

/** A permit's amount leaf with the amount beside the integer: `1500000 (1.5 USDT)`, or `(Unlimited)` at the type's maximum. */
function withDecimals(node: TreeNode, grant: Permit['grants'][number], facts: ApprovalFacts): TreeNode {
  const info = facts.tokens[grant.token];
  if (node.value === undefined) return node;
  if (grant.unlimited) return { ...node, value: `${node.value} (${texts().unlimited})` };
  if (info?.standard !== 'erc20' || info.decimals === undefined) return node;
  return { ...node, value: `${node.value} (${formatWithSymbol(formatUnits(BigInt(node.value), info.decimals), info.symbol)})` };
}

/** The message tree of a recognised permit, its amounts in their token's decimals (the shapes are exact, so the fields are known). */
function permitTree(nodes: TreeNode[], permit: Permit, facts: ApprovalFacts): TreeNode[] {
  if (permit.standard === 'EIP-2612') return nodes.map((node) => (node.label === 'value' ? withDecimals(node, permit.grants[0], facts) : node));
  if (permit.standard !== 'Permit2') return nodes;
  const amounts = (struct: TreeNode, grant: Permit['grants'][number]): TreeNode => ({ ...struct, children: struct.children?.map((leaf) => (leaf.label === 'amount' ? withDecimals(leaf, grant, facts) : leaf)) });
  return nodes.map((node) => {
    if (node.type === 'PermitDetails' || node.type === 'TokenPermissions') return amounts(node, permit.grants[0]);
    if (node.type === 'PermitDetails[]' || node.type === 'TokenPermissions[]') return { ...node, children: node.children?.map((item, index) => amounts(item, permit.grants[index])) };
    return node;
  });
}

/**
 * The expiry of a grant or a sign-in: a date in the frame's language, "Never", or (a Permit2 allowance with
 * expiration 0, which Permit2 sets to the block's timestamp) the end of the block it is used in.
 */
const expiryText = (expiry: PermitExpiry | undefined, facts: ApprovalFacts) => {
  if (expiry === undefined || expiry === 'never') return texts().never;
  if (expiry === 'block') return texts().blockExpiry;
  return formatDate(expiry, facts);
};

/** A permit as the token approval it is: title, summary (token, spender, amount or "Unlimited", expiry), warnings. */
function permitView(permit: Permit, facts: ApprovalFacts): Pick<ApprovalView, 'title' | 'summary' | 'warnings'> {
  const t = texts();
  const spender = named(permit.spender, facts);
  const symbolOf = (token: Address) => facts.tokens[token]?.symbol ?? t.tokens;
  const amountOf = (grant: Permit['grants'][number]) => {
    if (grant.unlimited) return t.unlimited;
    if (grant.revoke) return t.approvalWithdrawn;
    const token = facts.tokens[grant.token];
    return token?.standard === 'erc20' && token.decimals !== undefined ? formatWithSymbol(formatUnits(grant.amount, token.decimals), token.symbol) : t.rawUnits(String(grant.amount));
  };
  const warnings = permit.grants.filter((grant) => grant.unlimited).map((grant) => unlimitedApprovalText(spender, symbolOf(grant.token)));
  if (permit.grants.length === 1) {
    const [grant] = permit.grants;
    const amount = amountOf(grant);
    const title = grant.revoke ? t.withdrawApproval(symbolOf(grant.token)) : t.approveSpending(grant.unlimited ? t.unlimitedAmount(symbolOf(grant.token)) : amount);
    return { title, summary: [t.line(t.token, tokenLabel(grant.token, facts)), t.line(t.spender, spender), t.line(t.amount, amount), t.line(t.expires, expiryText(grant.expiry, facts))], warnings };
  }
  return {
    title: t.approveSpendingTokens(permit.grants.length),
    summary: [t.line(t.spender, spender), ...permit.grants.map((grant) => t.grantLine(tokenLabel(grant.token, facts), amountOf(grant), expiryText(grant.expiry, facts)))],
    warnings,
  };
}

function signInView(signIn: SignInMessage, facts: ApprovalFacts): Pick<ApprovalView, 'title' | 'summary' | 'signIn'> {
  const expiry = signIn.expirationTime === undefined ? undefined : BigInt(Math.floor(Date.parse(signIn.expirationTime) / 1000));
  const t = texts();
  return {
    title: t.signIn(signIn.domain),
    summary: [t.line(t.account, named(signIn.address, facts)), t.line(t.network, t.chain(signIn.chainId)), t.line(t.expires, expiryText(expiry, facts))],
    signIn,
  };
}


/**
 * The approval of a parsed request: title, summary lines and warnings (a batch's calls, value and approvals; a permit
 * as the approval it is; a sign-in's site, account, chain and expiry), rows, each call decoded where its ABI is known
 * (raw calldata kept for the folded part), the message text or the typed data's domain and message as trees.
 */
export function describeApproval(request: ParsedRequest, facts: ApprovalFacts): ApprovalView {
  const t = texts();
  const from: Row = [t.from, named(request.account, facts)];
  const fee: Row = [t.networkFee, facts.feeWei === undefined ? t.unknown : t.feeUpTo(formatAmount(facts.feeWei, facts.native))];
  switch (request.method) {
    case 'personal_sign':
      return { kind: 'message', title: t.signMessage, summary: [], warnings: [], rows: [from], calls: [], message: request.message.text, ...(request.signIn && signInView(request.signIn, facts)) };
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      const { typedData } = request;
      const summary = typedData.permit ? permitView(typedData.permit, facts) : { title: t.signMessage, summary: [], warnings: [t.unsummarised] };
      return {
        kind: 'message',
        ...summary,
        rows: [from, [t.type, typedData.primaryType]],
        calls: [],
        domain: typedTree(typedData.domain, 'EIP712Domain', typedData.types, facts),
        typedMessage: typedData.permit
          ? permitTree(typedTree(typedData.message, typedData.primaryType, typedData.types, facts), typedData.permit, facts)
          : typedTree(typedData.message, typedData.primaryType, typedData.types, facts),
      };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const notes = { summary: [] as string[], warnings: [] as string[] };
      const { to, data, value } = request.transaction;
      // A transfer of the chain's coin carries no calldata: it is named by what it sends, not as a contract call.
      const heading = !to ? t.contractCreation : data === '0x' ? t.send(formatAmount(value, facts.native)) : t.contractCall;
      const call = callView(request.transaction, facts, heading, notes);
      const warnings = unique(notes.warnings);
      return {
        kind: 'transaction',
        title: request.method === 'eth_sendTransaction' ? t.sendTransaction : t.signTransaction,
        // A line the warnings or the call's own heading already say is not said twice.
        summary: unique(notes.summary).filter((line) => !warnings.includes(line) && line !== call.heading),
        warnings,
        rows: [from, fee],
        calls: [call],
      };
    }
    case 'wallet_sendCalls': {
      const total = request.calls.reduce((sum, call) => sum + call.value, 0n);
      const notes = { summary: [] as string[], warnings: [] as string[] };
      const calls = request.calls.map((call, index) => callView(call, facts, t.callNumber(index + 1), notes));
      return {
        kind: 'transaction',
        title: t.sendCalls,
        summary: [t.callCount(request.calls.length), t.line(t.totalValue, formatAmount(total, facts.native)), ...unique(notes.summary)],
        warnings: unique(notes.warnings),
        rows: [from, [t.totalValue, formatAmount(total, facts.native)], fee],
        calls,
      };
    }
  }
}

/** Every address a request names (call targets, wrapped calls, typed data's addresses and permit tokens), for the name and token look-ups. */
export function addressesOf(request: ParsedRequest): { targets: Address[]; mentioned: Address[] } {
  const found = { targets: new Set<Address>(), mentioned: new Set<Address>() };
  const calls = request.method === 'wallet_sendCalls' ? request.calls : 'transaction' in request ? [request.transaction] : [];
  for (const call of calls) addressesOfCall(call, found);
  if ('typedData' in request) {
    const { typedData } = request;
    const contract = typedData.domain.verifyingContract as Address | undefined;
    if (contract) found.targets.add(contract);
    // The permit's spender and tokens first: they are named in the summary, whatever else the message lists.
    if (typedData.permit) found.mentioned.add(typedData.permit.spender);
    for (const grant of typedData.permit?.grants ?? []) found.targets.add(grant.token);
    const visit = (value: TypedValue, type: string) => {
      const array = arrayOf(type);
      if (array) for (const item of value as TypedValue[]) visit(item, array.element);
      else if (Object.hasOwn(typedData.types, type)) for (const field of typedData.types[type]) visit((value as TypedStruct)[field.name], field.type);
      else if (type === 'address') found.mentioned.add(value as Address);
    };
    visit(typedData.domain, 'EIP712Domain');
    visit(typedData.message, typedData.primaryType);
  }
  if (request.method === 'personal_sign' && request.signIn) found.mentioned.add(request.signIn.address);
  // A bound on the look-ups a request can cause (a batch of multicalls naming thousands of addresses); the names
  // service answers at most 50 addresses at once.
  return { targets: [...found.targets].slice(0, 24), mentioned: [...found.mentioned].slice(0, 50) };
}
