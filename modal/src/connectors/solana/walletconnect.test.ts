import { describe, expect, it } from 'vitest';
import type { ModalNetwork } from '../../core/types.js';
import { solanaAccountsOf, solanaNamespaceOf, WC_SOLANA_METHODS } from './walletconnect.js';

const bsc: ModalNetwork = { id: 56, caipNetworkId: 'eip155:56', chainNamespace: 'eip155', name: 'BSC', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } };
const local: ModalNetwork = {
  id: 102,
  caipNetworkId: 'solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg',
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8787/v1?chainId=solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg&projectId=p'] } },
};
const ACCOUNT = 'HwcTtbLd13Rt4pepM1maKrPfQsrKac4iuUSL2wfP758o';

describe('WalletConnect solana namespace', () => {
  it('is proposed only with a Solana network, with its chains, methods and RPC', () => {
    expect(solanaNamespaceOf([bsc])).toBeUndefined();
    expect(solanaNamespaceOf([bsc, local])).toEqual({ chains: [local.caipNetworkId], methods: WC_SOLANA_METHODS, events: [], rpcMap: { [local.caipNetworkId]: local.rpcUrls.default.http[0] } });
  });

  it('reads the approved Solana accounts of known clusters from a session', () => {
    const session = { namespaces: { eip155: { accounts: ['eip155:56:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }, solana: { accounts: [`${local.caipNetworkId}:${ACCOUNT}`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${ACCOUNT}`, 'solana:bad'] } } };
    expect(solanaAccountsOf(session, [bsc, local])).toEqual([{ caipNetworkId: local.caipNetworkId, address: ACCOUNT }]);
    expect(solanaAccountsOf(undefined, [local])).toEqual([]);
  });
});
