/**
 * An address cut into groups of `size` characters for reading aloud and comparing (`0x7099 7970 C518 ...`): the
 * `0x` prefix stays with the first group, so an EVM address is 10 groups. `columns` lays them out in balanced rows
 * (never a lone group on the last line): at most `maxColumns` a row, as few rows as that allows, the rows as even as
 * possible (10 groups: 5 + 5; 11 groups: 4 + 4 + 3).
 */
export function addressGroups(address: string, size = 4, maxColumns = 5): { groups: string[]; columns: number } {
  const prefix = /^0x/i.test(address) ? address.slice(0, 2) : '';
  const body = address.slice(prefix.length);
  const groups: string[] = [];
  for (let i = 0; i < body.length; i += size) groups.push(body.slice(i, i + size));
  if (groups.length === 0) return { groups: prefix ? [prefix] : [], columns: 1 };
  groups[0] = prefix + groups[0];
  const rows = Math.ceil(groups.length / maxColumns);
  return { groups, columns: Math.ceil(groups.length / rows) };
}
