import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContracts, contractsDir, renderGeneratedFiles } from './compile.js';
import { minibotPresaleAbi } from '../generated/index.js';

describe('contracts/generated', () => {
  it('matches a fresh compile of contracts/src (run `npm run contracts:build` when this fails)', () => {
    const fresh = renderGeneratedFiles(compileContracts());
    for (const [name, text] of fresh) {
      const committed = readFileSync(join(contractsDir, 'generated', name), 'utf8');
      expect(committed, `contracts/generated/${name} is stale`).toBe(text);
    }
    // The compile includes the ERC-4337 EntryPoint: about 25-40 s with the npm solc on a shared machine.
  }, 180_000);

  it('exposes the presale interface of the spec', () => {
    const functions = minibotPresaleAbi.filter((e) => e.type === 'function').map((e) => e.name);
    for (const name of [
      'name', 'symbol', 'price', 'totalSupply', 'balanceOf', 'tokenOfOwnerByIndex', 'tokenByIndex', 'ownerOf', 'tokenURI',
      'botDelivered', 'isMintingEnabled', 'transfersEnabled', 'mint', 'ownerMint', 'setPrice', 'setMintingEnabled',
      'setTransfersEnabled', 'setBaseURI', 'markBotDelivered', 'withdraw', 'transferOwnership', 'renounceOwnership',
    ]) {
      expect(functions).toContain(name);
    }
    const events = minibotPresaleAbi.filter((e) => e.type === 'event').map((e) => e.name);
    for (const name of ['TokensMinted', 'PriceUpdated', 'MintingEnabled', 'BaseURIUpdated', 'Transfer', 'Approval']) {
      expect(events).toContain(name);
    }
    const mint = minibotPresaleAbi.find((e) => e.type === 'function' && e.name === 'mint');
    expect(mint).toMatchObject({ stateMutability: 'payable', inputs: [{ name: 'quantity', type: 'uint256' }] });
  });
});
