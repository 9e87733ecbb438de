// Calls the approval names: token transfers and approvals, the presale's mint, and the calls that wrap other calls
// (the visitor's own smart account's execute/executeBatch, multicall), decoded recursively so that an approval inside
// a batch is named like one on its own.
import { decodeFunctionData, formatUnits, maxUint256, type Address, type Hex } from 'viem';
import type { ApprovalFacts, NativeCurrency, Row } from './approval.js';
import type { ParsedCall } from './requests.js';
import { formatLocale, formatWithSymbol, texts } from './texts/catalogue.js';

/** A JSON ABI entry (no human-readable ABI parser in the frame's script: it is the larger part of viem's ABI code). */
function fn<const N extends string, const T extends readonly string[]>(name: N, types: T) {
  return { type: 'function', name, stateMutability: 'nonpayable', outputs: [], inputs: types.map((type) => ({ type, name: '' })) as { [K in keyof T]: { type: T[K]; name: '' } } } as const;
}

/** Known calls the approval decodes; the ERC-20 and ERC-721 `transferFrom` share a selector (told apart by TokenInfo). */
export const KNOWN_ABI = [
  fn('transfer', ['address', 'uint256']),
  fn('approve', ['address', 'uint256']),
  fn('increaseAllowance', ['address', 'uint256']),
  fn('transferFrom', ['address', 'address', 'uint256']),
  fn('safeTransferFrom', ['address', 'address', 'uint256']),
  fn('safeTransferFrom', ['address', 'address', 'uint256', 'bytes']),
  fn('setApprovalForAll', ['address', 'bool']),
  fn('mint', ['uint256']),
  fn('execute', ['address', 'uint256', 'bytes']),
  fn('executeBatch', ['address[]', 'uint256[]', 'bytes[]']),
  fn('multicall', ['bytes[]']),
  fn('multicall', ['uint256', 'bytes[]']),
] as const;

/** How deep calls inside calls are decoded (an execute inside an executeBatch inside a multicall...). */
const MAX_DEPTH = 3;
/** How many inner calls one request may carry before the wallet stops naming them. */
const MAX_INNER_CALLS = 50;

/** `1.5 BNB`: an amount in a currency's units (in the frame's language's digits) with its symbol. */
export const formatAmount = (value: bigint, currency: NativeCurrency) => formatWithSymbol(formatUnits(value, currency.decimals), currency.symbol);

/** `name.minibot (0x…)` where the profile service knows the address, else the checksummed address. */
export const named = (address: Address | undefined, facts: Pick<ApprovalFacts, 'names'>) => {
  if (!address) return texts().newContract;
  const name = facts.names[address];
  return name ? `${name} (${address})` : address;
};

/** The warning and summary line of an unlimited token approval (an ERC-20 approve, an increase or a permit at the maximum). */
export const unlimitedApprovalText = (spender: string, symbol: string) => texts().unlimitedApproval(spender, symbol);

/** A date in the frame's language (`formatLocale`, or `facts.locale`); a time beyond what a Date holds is shown as its number. */
export function formatDate(seconds: bigint, facts: Pick<ApprovalFacts, 'locale' | 'timeZone'>): string {
  if (seconds > 8_640_000_000_000n) return texts().unixTime(String(seconds));
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: facts.timeZone };
  try {
    return new Intl.DateTimeFormat(facts.locale ?? formatLocale(), options).format(Number(seconds) * 1000);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(Number(seconds) * 1000);
  }
}

/** A call decoded: its heading and rows, the lines it adds to the request's summary, the warnings it raises. */
export interface DecodedCall {
  heading: string;
  rows: Row[];
  summary: string[];
  warnings: string[];
}

type Decoded = ReturnType<typeof decodeFunctionData<typeof KNOWN_ABI>>;

function decode(data: Hex): Decoded | undefined {
  if (data.length < 10) return undefined;
  try {
    return decodeFunctionData({ abi: KNOWN_ABI, data });
  } catch {
    return undefined;
  }
}

/** The calls an execute, executeBatch or multicall carries (value and target as they will run); undefined for any other call. */
export function innerCalls(call: ParsedCall, decoded: Decoded | undefined = decode(call.data)): ParsedCall[] | undefined {
  if (!decoded || !call.to) return undefined;
  switch (decoded.functionName) {
    case 'execute':
      return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }];
    case 'executeBatch': {
      const [targets, values, datas] = decoded.args;
      // The account runs `func.length` calls and reverts unless the lists agree (values may be empty: no value).
      if (targets.length !== datas.length || (values.length !== 0 && values.length !== datas.length) || datas.length > MAX_INNER_CALLS) return undefined;
      return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] }));
    }
    case 'multicall': {
      const datas = decoded.args.length === 1 ? decoded.args[0] : decoded.args[1];
      return datas.length > MAX_INNER_CALLS ? undefined : datas.map((data) => ({ to: call.to, value: 0n, data }));
    }
    default:
      return undefined;
  }
}

/** Every address a call names, wrapped calls included: the targets (for the token look-ups) and every address argument. */
export function addressesOfCall(call: ParsedCall, into: { targets: Set<Address>; mentioned: Set<Address> }, depth = 0): void {
  if (call.to) {
    into.targets.add(call.to);
    into.mentioned.add(call.to);
  }
  const decoded = decode(call.data);
  if (!decoded) return;
  for (const arg of decoded.args ?? []) {
    for (const item of Array.isArray(arg) ? arg : [arg]) if (typeof item === 'string' && /^0x[0-9a-fA-F]{40}$/.test(item)) into.mentioned.add(item as Address);
  }
  if (depth < MAX_DEPTH) for (const inner of innerCalls(call, decoded) ?? []) addressesOfCall(inner, into, depth + 1);
}

function smartAccountCall(call: ParsedCall, inner: ParsedCall[], facts: ApprovalFacts, depth: number, batch: boolean): DecodedCall {
  const t = texts();
  const summary: string[] = [];
  const warnings = [t.smartAccountWarning];
  const rows: Row[] = [[t.smartAccount, named(call.to, facts)]];
  const headings = inner.map((each, index) => {
    const decoded = decodeCall(each, facts, depth + 1);
    const move = each.value > 0n ? t.moveOut(formatAmount(each.value, facts.native), named(each.to, facts)) : undefined;
    const heading = move ?? (decoded ? t.fromSmartAccount(decoded.heading) : t.smartAccountCalls(named(each.to, facts)));
    summary.push(heading);
    if (decoded) {
      summary.push(...decoded.summary);
      warnings.push(...decoded.warnings);
    }
    if (batch) rows.push([t.callNumber(index + 1), move && decoded ? t.line(move, decoded.heading) : heading]);
    else rows.push([t.target, named(each.to, facts)], [t.amount, formatAmount(each.value, facts.native)], ...(decoded ? [[t.call, decoded.heading] as Row] : []), ...(decoded?.rows ?? []));
    return heading;
  });
  const total = inner.reduce((sum, each) => sum + each.value, 0n);
  const heading = batch ? (total > 0n ? t.moveOutInCalls(formatAmount(total, facts.native), inner.length) : t.smartAccountMakesCalls(inner.length)) : headings[0];
  return { heading, rows, summary: batch ? [heading, ...summary] : summary, warnings };
}

/**
 * Names a call whose ABI the wallet knows: its heading, the rows of its arguments, and the lines it adds to the
 * summary (every approval it grants, every move out of the visitor's smart account). Undefined for other calls.
 */
export function decodeCall(call: ParsedCall, facts: ApprovalFacts, depth = 0): DecodedCall | undefined {
  if (!call.to || depth > MAX_DEPTH) return undefined;
  const decoded = decode(call.data);
  if (!decoded) return undefined;
  const t = texts();
  const token = facts.tokens[call.to];
  const symbol = token?.symbol ?? t.tokens;
  const amount = (value: bigint) => (token?.standard === 'erc20' && token.decimals !== undefined ? formatWithSymbol(formatUnits(value, token.decimals), symbol) : t.rawUnitsOf(String(value), symbol));
  const plain = (heading: string, rows: Row[], summary: string[] = [], warnings: string[] = []): DecodedCall => ({ heading, rows, summary, warnings });
  switch (decoded.functionName) {
    case 'transfer':
      return plain(t.transfer(amount(decoded.args[1])), [[t.recipient, named(decoded.args[0], facts)], [t.amount, amount(decoded.args[1])]]);
    case 'approve': {
      const spender = named(decoded.args[0], facts);
      if (token?.standard === 'erc721') {
        const heading = t.allowTake(spender, `${symbol} #${decoded.args[1]}`);
        return plain(heading, [[t.spender, spender], [t.tokenId, String(decoded.args[1])]], [heading]);
      }
      if (decoded.args[1] === maxUint256) {
        const text = unlimitedApprovalText(spender, symbol);
        return plain(text, [[t.spender, spender], [t.allowance, t.unlimitedAmount(symbol)]], [text], [text]);
      }
      const allowance = amount(decoded.args[1]);
      return plain(t.approveSpending(allowance), [[t.spender, spender], [t.allowance, allowance]], [t.approvalLine(spender, allowance)]);
    }
    case 'increaseAllowance': {
      const spender = named(decoded.args[0], facts);
      if (decoded.args[1] === maxUint256) {
        const text = unlimitedApprovalText(spender, symbol);
        return plain(text, [[t.spender, spender], [t.allowanceIncrease, t.unlimitedAmount(symbol)]], [text], [text]);
      }
      const more = amount(decoded.args[1]);
      return plain(t.increaseAllowance(more), [[t.spender, spender], [t.allowanceIncrease, more]], [t.approvalMoreLine(spender, more)]);
    }
    case 'transferFrom': {
      const [from, to, value] = decoded.args;
      const what = token?.standard === 'erc721' ? `${symbol} #${value}` : amount(value);
      const rows: Row[] = [[t.from, named(from, facts)], [t.recipient, named(to, facts)], token?.standard === 'erc721' ? [t.tokenId, String(value)] : [t.amount, what]];
      return plain(t.transfer(what), rows, [t.transferFromTo(what, named(from, facts), named(to, facts))]);
    }
    case 'safeTransferFrom':
      return plain(t.transfer(`${symbol} #${decoded.args[2]}`), [[t.from, named(decoded.args[0], facts)], [t.recipient, named(decoded.args[1], facts)], [t.tokenId, String(decoded.args[2])]]);
    case 'setApprovalForAll': {
      const operator = named(decoded.args[0], facts);
      const heading = decoded.args[1] ? t.allowTakeAll(operator, symbol) : t.withdrawAccess(operator, symbol);
      return plain(heading, [[t.operator, operator], [t.accessToAll, decoded.args[1] ? t.yes : t.no]], decoded.args[1] ? [heading] : [], decoded.args[1] ? [heading] : []);
    }
    case 'mint':
      return facts.presale && call.to === facts.presale ? plain(t.mint(String(decoded.args[0])), [[t.quantity, String(decoded.args[0])]]) : undefined;
    case 'execute':
    case 'executeBatch': {
      // Only the visitor's own smart account is known to run these as "send from me".
      const inner = innerCalls(call, decoded);
      if (!inner || !facts.accounts?.smartAccount || call.to !== facts.accounts.smartAccount) return undefined;
      return smartAccountCall(call, inner, facts, depth, decoded.functionName === 'executeBatch');
    }
    case 'multicall': {
      const inner = innerCalls(call, decoded);
      if (!inner) return undefined;
      const rows: Row[] = decoded.args.length === 2 ? [[t.deadline, formatDate(decoded.args[0], facts)]] : [];
      const summary: string[] = [];
      const warnings: string[] = [];
      for (const [index, each] of inner.entries()) {
        const named = decodeCall(each, facts, depth + 1);
        rows.push([t.callNumber(index + 1), named?.heading ?? t.unknownCall(each.data.slice(0, 10))]);
        summary.push(...(named?.summary ?? []));
        warnings.push(...(named?.warnings ?? []));
      }
      return plain(t.multicall(inner.length), rows, summary, warnings);
    }
  }
}
