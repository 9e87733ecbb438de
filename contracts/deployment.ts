import type { Address } from 'viem';

/** An ERC-20 test token the local dev stack deploys (api-mocks serves its balances, prices and swaps). */
export interface DeployedToken {
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
  /** USD price api-mocks reports for one whole token. */
  priceUsd: number;
}

/**
 * What the dev stack deployed on the local chain. Written to `.local/deployment.json` by
 * `npm start` and by the test set-up; read by api-mocks and by the site's dev configuration.
 */
export interface Deployment {
  chainId: number;
  rpcUrl: string;
  /** Block number of the presale contract's deployment. */
  block: number;
  /** The MinibotPresale (ERC-721 enumerable presale pass) contract. */
  presale: Address;
  owner: Address;
  /** Mint price in wei. */
  priceWei: string;
  tokens: DeployedToken[];
  /** Constant-product swap pool between the native coin and the test tokens (api-mocks' convert endpoints). */
  swapPool: Address;
  /** ERC-4337 (smart accounts): absent on a deployment without an EntryPoint (no smart-account support). */
  erc4337?: {
    entryPoint: Address;
    entryPointVersion: '0.7';
    /**
     * `MinibotSmartAccountFactory` (the interface of the package's `SimpleAccountFactory`): `createAccount(owner, salt)`,
     * owner = the embedded wallet's key; its accounts verify their signatures with ERC-1271.
     */
    factory: Address;
    /** The local bundler's executor account (funded by the deployment). */
    bundler: Address;
  };
}
