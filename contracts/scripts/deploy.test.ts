import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther, type Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { minibotPresaleAbi, swapPoolAbi, testTokenAbi } from '../generated/index.js';
import { startTestAnvil, type TestAnvil } from './anvil.js';
import { deployDevStack, DEV_TOKENS } from './deploy.js';
import type { Deployment } from '../deployment.js';

let anvil: TestAnvil;
let deployment: Deployment;

beforeAll(async () => {
  anvil = await startTestAnvil();
  deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
});
afterAll(async () => {
  await anvil?.stop();
});

describe('deployDevStack', () => {
  // How long it takes is a figure of `npm run bench:api` (the stack's start), not a timed test beside others.
  it('deploys the presale open for minting at 0.05 BNB, transfers enabled, owned by the dev owner', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const read = (functionName: 'name' | 'symbol' | 'price' | 'isMintingEnabled' | 'transfersEnabled' | 'owner' | 'totalSupply') =>
      client.readContract({ address: deployment.presale, abi: minibotPresaleAbi, functionName });
    expect(await read('name')).toBe('Minibot M1 Presale Pass');
    expect(await read('symbol')).toBe('MBOT');
    expect(await read('price')).toBe(parseEther('0.05'));
    expect(await read('isMintingEnabled')).toBe(true);
    expect(await read('transfersEnabled')).toBe(true);
    expect(await read('owner')).toBe(DEV_ACCOUNTS[0].address);
    expect(await read('totalSupply')).toBe(0n);
    expect(deployment).toMatchObject({ chainId: 31337, owner: DEV_ACCOUNTS[0].address, priceWei: '50000000000000000', rpcUrl: anvil.rpcUrl });
    const code = await client.getCode({ address: deployment.presale });
    expect(code?.length).toBeGreaterThan(2);
    const deployBlock = await client.getBlock({ blockNumber: BigInt(deployment.block), includeTransactions: true });
    expect(deployBlock.transactions.some((tx) => typeof tx !== 'string' && tx.to === null)).toBe(true);
  });

  it('funds development accounts 1..9 with every test token and gives the pool liquidity', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(deployment.tokens.map((t) => t.symbol)).toEqual(DEV_TOKENS.map((t) => t.symbol));
    for (const token of deployment.tokens) {
      const spec = DEV_TOKENS.find((t) => t.symbol === token.symbol)!;
      expect(await client.readContract({ address: token.address, abi: testTokenAbi, functionName: 'decimals' })).toBe(spec.decimals);
      for (const account of DEV_ACCOUNTS.slice(1)) {
        const balance = await client.readContract({ address: token.address, abi: testTokenAbi, functionName: 'balanceOf', args: [account.address] });
        expect(balance).toBe(BigInt(spec.grant) * 10n ** BigInt(spec.decimals));
      }
      const [nativeReserve, tokenReserve] = await client.readContract({
        address: deployment.swapPool, abi: swapPoolAbi, functionName: 'getReserves', args: [token.address],
      });
      expect(nativeReserve).toBe(parseEther('100'));
      expect(tokenReserve).toBeGreaterThan(0n);
    }
  });
});
