import type { TreeNode } from '../src/embedded/frame/approval.js';

/**
 * Reads typed data back from the approval's tree, by each node's declared type and the text a person sees: an
 * address is the last address in its text (after its name), an integer its leading digits, a bool its word, anything else the
 * text itself. Hashing what this answers checks that the tree shows every value that is hashed.
 */
export function readTree(nodes: TreeNode[]): Record<string, unknown> {
  return Object.fromEntries(nodes.map((node) => [node.label.replace(/ \(\d+ items?\)$/, ''), readNode(node)]));
}

function readNode(node: TreeNode): unknown {
  const type = node.type ?? '';
  if (type.endsWith(']')) return (node.children ?? []).map(readNode);
  if (node.children) return readTree(node.children);
  const text = node.value ?? '';
  if (type === 'address') return [...text.matchAll(/0x[0-9a-fA-F]{40}/g)].at(-1)?.[0];
  // An integer in full, then (a permit's amount) the same in the token's decimals.
  if (/^u?int\d+$/.test(type)) return BigInt(text.split(' ')[0]);
  if (type === 'bool') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}
