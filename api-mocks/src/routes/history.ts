import { erc20Abi, formatEther, formatUnits, getAddress, type Address, type Hex } from 'viem';
import type { HistoryResponse } from '../../../modal/src/api/history-types.js';
import type { MocksContext } from '../context.js';
import { ChainIndex } from '../history.js';
import { badRequest, type Router } from '../http.js';
import { solanaTransaction } from '../solana/account.js';
import { parseSolanaAddress } from '../solana/validate.js';
import { tokenIconUrl } from '../context.js';
import { parseAddress, parseCaip2, parseIntInRange, parseTxHash, requireObject, requireParam, requireSdk } from '../validate.js';

/** Transactions per history page unless `limit` says otherwise. */
export const HISTORY_PAGE_SIZE = 20;

function encodeCursor(blockNumber: number, index: number): string {
  return Buffer.from(`${blockNumber}:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): { blockNumber: number; index: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const found = /^([0-9]{1,12}):([0-9]{1,6})$/.exec(text);
  if (!found) throw badRequest(`"cursor" is not a cursor this server gave out: "${cursor}"`, 'cursor');
  return { blockNumber: Number(found[1]), index: Number(found[2]) };
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Account history from the chain, spam marks, and the local explorer page. */
export function historyRoutes(router: Router, ctx: MocksContext): ChainIndex {
  const index = new ChainIndex(ctx);

  const isSpam = (contract: Address, hash: Hex): boolean =>
    ctx.db.prepare("SELECT 1 FROM spam WHERE (kind = 'contract' AND value = ?) OR (kind = 'tx' AND value = ?)").get(contract.toLowerCase(), hash.toLowerCase()) !== undefined;

  const onrampHashes = (): Set<string> =>
    new Set((ctx.db.prepare('SELECT tx_hash FROM onramp_orders WHERE tx_hash IS NOT NULL').all() as { tx_hash: string }[]).map((row) => row.tx_hash.toLowerCase()));

  router.get('/v1/account/:address/history', async (req) => {
    if (req.query.get('chainId')?.startsWith('solana:')) return solanaHistory(req.params.address, req.query);
    const address = parseAddress(req.params.address, 'address');
    const chain = parseCaip2(requireParam(req.query, 'chainId'), 'chainId');
    const rawCursor = req.query.get('cursor');
    const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
    const onramp = req.query.get('onramp');
    if (onramp !== null && onramp !== '' && !/^[a-z]{2,20}$/.test(onramp)) throw badRequest(`"onramp" must be a provider name like coinbase, got "${onramp}"`, 'onramp');
    const limit = parseIntInRange(req.query.get('limit'), 'limit', 1, 100, HISTORY_PAGE_SIZE);
    requireSdk(req.query);
    if (chain.id !== ctx.localChain) return { json: { data: [], next: null } satisfies HistoryResponse };
    await index.sync();
    const bought = onrampHashes();
    let transactions = index.forAddress(address);
    if (onramp) transactions = transactions.filter((tx) => bought.has(tx.hash.toLowerCase()));
    if (cursor) {
      transactions = transactions.filter((tx) => tx.blockNumber < cursor.blockNumber || (tx.blockNumber === cursor.blockNumber && tx.index < cursor.index));
    }
    const page = transactions.slice(0, limit);
    const data = await Promise.all(page.map((tx) => index.toTransaction(tx, address, isSpam, bought)));
    const last = page[page.length - 1];
    const body: HistoryResponse = { data, next: transactions.length > limit && last ? encodeCursor(last.blockNumber, last.index) : null };
    return { json: body };
  });

  /** The local Solana chain's history: its processed transactions naming the address or moving its tokens, newest first; the cursor is a signature. */
  const solanaHistory = (rawAddress: string, query: URLSearchParams) => {
    const owner = parseSolanaAddress(rawAddress, 'address');
    const chain = parseCaip2(requireParam(query, 'chainId'), 'chainId');
    const cursor = query.get('cursor');
    if (cursor && !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(cursor)) throw badRequest(`"cursor" is not a cursor this server gave out: "${cursor}"`, 'cursor');
    const limit = parseIntInRange(query.get('limit'), 'limit', 1, 100, HISTORY_PAGE_SIZE);
    requireSdk(query);
    if (!ctx.solana || chain.id !== ctx.solana.caip2) return { json: { data: [], next: null } satisfies HistoryResponse };
    let records = ctx.solana.historyFor(owner);
    if (cursor) {
      const index = records.findIndex((record) => record.signature === cursor);
      if (index < 0) throw badRequest(`"cursor" is not a cursor this server gave out: "${cursor}"`, 'cursor');
      records = records.slice(index + 1);
    }
    const page = records.slice(0, limit);
    const solana = ctx.solana;
    const data = page.map((record) => solanaTransaction(solana, record, owner, (symbol) => tokenIconUrl(ctx, symbol)));
    const body: HistoryResponse = { data, next: records.length > limit ? page[page.length - 1].signature : null };
    return { json: body };
  };

  router.post('/__mocks/spam', async (req) => {
    const body = requireObject(await req.body(), 'body');
    if (body.contract === undefined && body.txHash === undefined) throw badRequest('give "contract" (an NFT contract) or "txHash" to mark as spam', 'contract');
    const now = new Date().toISOString();
    const insert = ctx.db.prepare('INSERT OR IGNORE INTO spam (kind, value, created_at) VALUES (?, ?, ?)');
    const marked: Record<string, string> = {};
    if (body.contract !== undefined) {
      const contract = parseAddress(body.contract, 'contract').toLowerCase();
      insert.run('contract', contract, now);
      marked.contract = contract;
    }
    if (body.txHash !== undefined) {
      const hash = parseTxHash(body.txHash, 'txHash');
      insert.run('tx', hash, now);
      marked.txHash = hash;
    }
    return { json: { spam: marked } };
  });

  router.on('DELETE', '/__mocks/spam', () => {
    const removed = ctx.db.prepare('DELETE FROM spam').run().changes;
    return { json: { removed } };
  });

  router.get('/explorer/tx/:hash', async (req) => {
    const hash = parseTxHash(req.params.hash, 'hash');
    const [tx, receipt] = await Promise.all([
      ctx.publicClient.getTransaction({ hash }).catch(() => undefined),
      ctx.publicClient.getTransactionReceipt({ hash }).catch(() => undefined),
    ]);
    const title = `Transaction ${hash}`;
    let content: string;
    let status = 200;
    if (!tx) {
      status = 404;
      content = `<p class="status unknown">Transaction not found on BSC Local (chain ${ctx.chainId}).</p>`;
    } else {
      const state = !receipt ? 'Pending' : receipt.status === 'success' ? 'Success' : 'Failed';
      const rows: [string, string][] = [
        ['Status', state],
        ['Block', receipt ? String(receipt.blockNumber) : 'pending'],
        ['From', getAddress(tx.from)],
        ['To', tx.to ? getAddress(tx.to) : `contract creation ${receipt?.contractAddress ? getAddress(receipt.contractAddress) : ''}`],
        ['Value', `${formatEther(tx.value)} BNB`],
        ['Nonce', String(tx.nonce)],
        ['Gas used', receipt ? String(receipt.gasUsed) : '-'],
      ];
      const logs = (receipt?.logs ?? [])
        .map((log) => `<li><code>${escapeHtml(getAddress(log.address))}</code><br><small>${log.topics.map((t) => escapeHtml(t ?? '')).join('<br>')}</small><br><small>data ${escapeHtml(log.data)}</small></li>`)
        .join('');
      content =
        `<p class="status ${state.toLowerCase()}" data-testid="tx-status">${state}</p>` +
        `<table>${rows.map(([k, v]) => `<tr><th>${k}</th><td data-field="${k.toLowerCase()}">${escapeHtml(v)}</td></tr>`).join('')}</table>` +
        `<h2>Logs (${receipt?.logs.length ?? 0})</h2><ol class="logs">${logs}</ol>`;
    }
    const html =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · BSC Local explorer</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}` +
      `code,td{font-family:ui-monospace,monospace;word-break:break-all}th{text-align:left;padding-right:1rem;vertical-align:top}` +
      `.status{font-weight:700}.success{color:#0a7a32}.failed{color:#b00020}</style></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${content}</body></html>`;
    return { status, text: html, contentType: 'text/html; charset=utf-8' };
  });

  router.get('/explorer/address/:address', async (req) => {
    const address = parseAddress(req.params.address, 'address');
    await index.sync();
    const [native, code, ...tokenBalances] = await Promise.all([
      ctx.publicClient.getBalance({ address }),
      ctx.publicClient.getCode({ address }),
      ...ctx.deployment.tokens.map((token) => ctx.publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
    ]);
    const holdings = ctx.deployment.tokens
      .map((token, i) => [token, tokenBalances[i]] as const)
      .filter(([, amount]) => amount > 0n)
      .map(([token, amount]) => `<tr><th>${escapeHtml(token.symbol)}</th><td>${escapeHtml(formatUnits(amount, token.decimals))}</td></tr>`)
      .join('');
    const transactions = index.forAddress(address).slice(0, 50);
    const rows = transactions
      .map((tx) => `<tr><td><a href="/explorer/tx/${tx.hash}"><code>${tx.hash}</code></a></td><td>${tx.blockNumber}</td><td>${tx.status === 'success' ? 'Success' : 'Failed'}</td></tr>`)
      .join('');
    const title = `Address ${address}`;
    const html =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · BSC Local explorer</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}` +
      `code,td{font-family:ui-monospace,monospace;word-break:break-all}th{text-align:left;padding-right:1rem}</style></head>` +
      `<body><h1>${escapeHtml(title)}</h1><p>${code && code !== '0x' ? 'Contract' : 'Account'} on BSC Local (chain ${ctx.chainId})</p>` +
      `<table><tr><th>BNB</th><td data-field="balance">${escapeHtml(formatEther(native))}</td></tr>${holdings}</table>` +
      `<h2>Transactions (${transactions.length})</h2><table><tr><th>Hash</th><th>Block</th><th>Status</th></tr>${rows}</table></body></html>`;
    return { text: html, contentType: 'text/html; charset=utf-8' };
  });

  return index;
}
