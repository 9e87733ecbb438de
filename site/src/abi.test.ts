import { describe, expect, it } from 'vitest';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { presaleAbi } from './abi.js';

describe('presaleAbi', () => {
  it('is the generated ABI\'s own entries for the calls the page makes, and all of its errors', () => {
    for (const entry of presaleAbi) expect(minibotPresaleAbi).toContainEqual(entry);
    const names = presaleAbi.filter((entry) => entry.type === 'function').map((entry) => entry.name);
    expect(names).toEqual(['price', 'balanceOf', 'tokenOfOwnerByIndex', 'mint']);
    expect(presaleAbi.filter((entry) => entry.type === 'error')).toEqual(minibotPresaleAbi.filter((entry) => entry.type === 'error'));
  });
});
