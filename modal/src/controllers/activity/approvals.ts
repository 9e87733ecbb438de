import type { Transaction } from '../../api/history-types.js';
import { approvalFromLogs, decodeAbiString, type ActivityApproval, type RpcLog } from './decode.js';

/** A token the account holds, as the balances know it. */
export interface KnownToken {
  symbol: string;
  decimals: number;
  iconUrl?: string;
}

const SYMBOL_SELECTOR = '0x95d89b41';
const DECIMALS_SELECTOR = '0x313ce567';

/**
 * Reads what an approval transaction approved: its receipt's `Approval` log (amount or unlimited, spender), and the
 * token's symbol and decimals from the balances, else from the token itself (`symbol()`, `decimals()`, cached per
 * token). Undefined when the receipt holds no ERC-20 approval of `owner`.
 */
export function createApprovalReader(rpc: (method: string, params: unknown[]) => Promise<unknown>, known: (token: string) => KnownToken | undefined) {
  const tokens = new Map<string, Promise<KnownToken | undefined>>();
  const tokenInfo = (token: string): Promise<KnownToken | undefined> => {
    const key = token.toLowerCase();
    const held = known(key);
    if (held) return Promise.resolve(held);
    let info = tokens.get(key);
    if (!info) {
      info = Promise.all([rpc('eth_call', [{ to: token, data: SYMBOL_SELECTOR }, 'latest']), rpc('eth_call', [{ to: token, data: DECIMALS_SELECTOR }, 'latest'])]).then(
        ([symbolHex, decimalsHex]) => {
          const symbol = typeof symbolHex === 'string' ? decodeAbiString(symbolHex) : undefined;
          const decimals = typeof decimalsHex === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(decimalsHex) ? Number(BigInt(decimalsHex)) : undefined;
          return symbol && decimals !== undefined && decimals <= 255 ? { symbol, decimals } : undefined;
        },
        () => undefined,
      );
      tokens.set(key, info);
    }
    return info;
  };
  return async (tx: Transaction, owner: string): Promise<ActivityApproval | undefined> => {
    const receipt = (await rpc('eth_getTransactionReceipt', [tx.metadata.hash])) as { logs?: RpcLog[] } | null;
    const approval = approvalFromLogs(receipt?.logs ?? [], owner);
    if (!approval) return undefined;
    const info = await tokenInfo(approval.token);
    return info ? { ...approval, symbol: info.symbol, decimals: info.decimals, ...(info.iconUrl ? { iconUrl: info.iconUrl } : {}) } : approval;
  };
}
