// A module of its own: the first load's provider events and the lazy eth_chainId request (connectors/injected-requests.ts)
// both parse chain ids, and a shared file keeps the rest of either out of the other's chunk.

/** '0x38', '56', 56 or 'eip155:56' -> 56. */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const text = String(value);
  const last = text.includes(':') ? text.slice(text.lastIndexOf(':') + 1) : text;
  const id = last.startsWith('0x') ? Number.parseInt(last, 16) : Number.parseInt(last, 10);
  if (!Number.isFinite(id)) throw new Error(`Invalid chain id: ${text}`);
  return id;
}
