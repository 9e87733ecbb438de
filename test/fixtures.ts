import { test as base, expect } from '@playwright/test';
import { createPublicClient, http, numberToHex, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { readStackInfo, type StackInfo } from './stack-info.js';
import { TestWallet, type TestWalletOptions } from '@minibot/test-wallet';

export interface WalletFactoryOptions extends Partial<Omit<TestWalletOptions, 'chains'>> {
  /** Chains the wallet knows besides the local chain; `knowsTarget: false` leaves the local chain out (4902). */
  extraChains?: number[];
  knowsTarget?: boolean;
  /** Native balance given to a fresh key, in wei (default 100 BNB). */
  balanceWei?: bigint;
}

interface Fixtures {
  /** A funded test wallet on the local chain, installed into `page` before any navigation. */
  wallet: TestWallet;
  /** Makes another test wallet (installed into `page`, so use it instead of `wallet` in the same test). */
  makeWallet: (options?: WalletFactoryOptions) => Promise<TestWallet>;
  chain: PublicClient;
}

async function fund(rpcUrl: string, address: Hex, wei: bigint) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, numberToHex(wei)] }),
  });
  if (!response.ok) throw new Error(`Funding ${address} failed: HTTP ${response.status}`);
}

export const test = base.extend<Fixtures, { stack: StackInfo }>({
  stack: [async ({}, use) => use(readStackInfo()), { scope: 'worker' }],
  chain: async ({ stack }, use) => {
    await use(createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient);
  },
  makeWallet: async ({ page, stack }, use) => {
    await use(async (options = {}) => {
      const chains: Record<number, string | undefined> = {};
      if (options.knowsTarget !== false) chains[stack.chainId] = stack.rpcUrl;
      for (const id of options.extraChains ?? []) chains[id] = undefined;
      const wallet = new TestWallet({
        privateKey: options.privateKey ?? generatePrivateKey(),
        chainId: options.chainId ?? stack.chainId,
        chains,
        name: options.name,
        rdns: options.rdns,
        announce: options.announce,
        legacy: options.legacy,
      });
      await fund(stack.rpcUrl, wallet.address, options.balanceWei ?? 100n * 10n ** 18n);
      await wallet.install(page);
      return wallet;
    });
  },
  wallet: async ({ makeWallet }, use) => {
    await use(await makeWallet());
  },
});

export { expect };
