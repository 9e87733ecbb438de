import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeProvider, createFakeWallet, localNetwork } from '../core/testing.js';
import type { DiscoveryTarget } from './eip6963.js';
import { createEip6963Discovery } from './eip6963.js';
import { waitForProvider } from './wait-for-provider.js';
import { mapProviderError, isUserRejection } from '../errors.js';
import { addChainParameters, switchChain } from './switch-chain.js';
import { parseChainId } from './injected.js';
import { requestAccounts } from './injected-requests.js';
import { ChainSwitchError, ProviderRpcError, UserRejectedError } from '../errors.js';
import { isLocalRelay } from './walletconnect.js';
import { optionalNamespacesOf, rpcMapOf, sessionAccounts } from './walletconnect-session.js';
import { defineSolanaNetwork } from '../core/networks.js';

const announce = (target: EventTarget, rdns: string, name: string, provider: unknown = createFakeProvider(() => null)) =>
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: `${rdns}-uuid`, name, icon: `data:image/png;base64,${name}`, rdns }, provider } }));

describe('EIP-6963 discovery', () => {
  it('requests providers and lists announced wallets with icon and name; duplicates by rdns dropped; late announcements added', () => {
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    let requests = 0;
    target.addEventListener('eip6963:requestProvider', () => {
      requests++;
      announce(target, 'io.metamask', 'MetaMask');
      announce(target, 'io.metamask', 'MetaMask again');
    });
    const discovery = createEip6963Discovery(target);
    const seen: number[] = [];
    discovery.subscribe((list) => seen.push(list.length));
    discovery.start();
    discovery.start();
    expect(requests).toBe(1);
    expect(discovery.getConnectors()).toEqual([
      { id: 'io.metamask', name: 'MetaMask', icon: 'data:image/png;base64,MetaMask', rdns: 'io.metamask', type: 'ANNOUNCED' },
    ]);
    announce(target, 'com.coinbase.wallet', 'Coinbase Wallet');
    expect(discovery.getConnectors().map((c) => c.name)).toEqual(['MetaMask', 'Coinbase Wallet']);
    expect(seen.at(-1)).toBe(2);
    expect(discovery.getProvider('com.coinbase.wallet')).toBeDefined();
  });

  it('falls back to the legacy window.ethereum only when nothing is announced', () => {
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    target.ethereum = createFakeProvider(() => null);
    const discovery = createEip6963Discovery(target);
    discovery.start();
    expect(discovery.getConnectors()).toEqual([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' }]);
    expect(discovery.getProvider('injected')).toBe(target.ethereum);
    announce(target, 'io.rabby', 'Rabby');
    expect(discovery.getConnectors().map((c) => c.id)).toEqual(['io.rabby']);
  });

  it('ignores malformed announcements and has no connectors without a window', () => {
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    const discovery = createEip6963Discovery(target);
    discovery.start();
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'x' }, provider: {} } }));
    expect(discovery.getConnectors()).toEqual([]);
    const none = createEip6963Discovery(undefined);
    none.start();
    expect(none.getConnectors()).toEqual([]);
  });

  it('waitForProvider gives up after its time-out', async () => {
    const clock = createFakeClock();
    const discovery = createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget);
    discovery.start();
    const waiting = waitForProvider(discovery, clock, 'io.none', 500);
    await clock.advance(500);
    expect(await waiting).toBeUndefined();
  });
});

describe('EIP-1193 error mapping', () => {
  it('4001 -> UserRejectedError, including nested shapes; others keep their code', () => {
    expect(mapProviderError({ code: 4001, message: 'User rejected' })).toBeInstanceOf(UserRejectedError);
    expect(mapProviderError({ code: -32603, message: 'Internal', data: { originalError: { code: 4001 } } })).toBeInstanceOf(UserRejectedError);
    expect(isUserRejection(Object.assign(new Error('x'), { cause: { code: 4001 } }))).toBe(true);
    const other = mapProviderError({ code: -32002, message: 'Request already pending' });
    expect(other).toBeInstanceOf(ProviderRpcError);
    expect(other).toMatchObject({ code: -32002, shortMessage: 'Request already pending' });
  });

  it('requestAccounts throws UserRejectedError on 4001', async () => {
    const { provider } = createFakeWallet({ rejectConnect: true });
    await expect(requestAccounts(provider)).rejects.toBeInstanceOf(UserRejectedError);
  });

  it('parseChainId reads hex, decimal and CAIP-2', () => {
    expect([parseChainId('0x38'), parseChainId('56'), parseChainId(56), parseChainId('eip155:56')]).toEqual([56, 56, 56, 56]);
  });
});

describe('switchChain', () => {
  it('switches a known chain with one call', async () => {
    const { provider } = createFakeWallet({ knownChains: [56, 31337] });
    await switchChain(provider, localNetwork);
    expect(provider.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }]);
  });

  it('on 4902 adds the chain with the network parameters, then switches', async () => {
    const { provider, state } = createFakeWallet();
    await switchChain(provider, localNetwork);
    expect(provider.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(provider.calls[1].params).toEqual([
      { chainId: '0x7a69', chainName: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: ['http://127.0.0.1:9545'] },
    ]);
    expect(state.chainId).toBe(31337);
    expect(addChainParameters({ ...localNetwork, blockExplorers: { default: { name: 'X', url: 'http://x' } } }).blockExplorerUrls).toEqual(['http://x']);
  });

  it('4001 while switching -> UserRejectedError; other failures -> ChainSwitchError', async () => {
    const rejecting = createFakeProvider(() => {
      throw { code: 4001, message: 'no' };
    });
    await expect(switchChain(rejecting, localNetwork)).rejects.toBeInstanceOf(UserRejectedError);
    const failing = createFakeProvider((method) => {
      if (method === 'wallet_addEthereumChain') throw { code: -32602, message: 'bad rpc' };
      throw { code: 4902, message: 'Unrecognized chain ID' };
    });
    const error = await switchChain(failing, localNetwork).catch((e) => e);
    expect(error).toBeInstanceOf(ChainSwitchError);
    expect(error.chainId).toBe(31337);
  });
});

describe('WalletConnect configuration', () => {
  it('rpcMap from the networks, never the hosted RPC', () => {
    expect(rpcMapOf([localNetwork])).toEqual({ 'eip155:31337': 'http://127.0.0.1:9545' });
    expect(optionalNamespacesOf([localNetwork]).eip155).toMatchObject({ chains: ['eip155:31337'], events: ['chainChanged', 'accountsChanged'] });
    expect(optionalNamespacesOf([localNetwork]).eip155.methods).toContain('personal_sign');
  });
  it('the proposal has the solana namespace (its standard methods, the cluster and its RPC) only with a Solana network', () => {
    const solanaLocal = defineSolanaNetwork({ caipNetworkId: 'solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg', name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9787/v1' });
    expect(Object.keys(optionalNamespacesOf([localNetwork]))).toEqual(['eip155']);
    expect(optionalNamespacesOf([localNetwork, solanaLocal])).toMatchObject({
      eip155: { chains: ['eip155:31337'] },
      solana: {
        chains: ['solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg'],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
        rpcMap: { 'solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg': 'http://127.0.0.1:9787/v1' },
      },
    });
  });
  it('an approved session gives its EVM accounts on the first chain (deduplicated), none without an eip155 account', () => {
    const session = (accounts: string[], solana: string[] = []) => ({ session: { namespaces: { eip155: { accounts }, solana: { accounts: solana } } } });
    const a = '0x1111111111111111111111111111111111111111';
    expect(sessionAccounts(session([`eip155:31337:${a}`, `eip155:31337:${a}`, 'eip155:56:0x22']))).toEqual({ accounts: [a], chainId: 31337 });
    expect(sessionAccounts(session([], ['solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg:HwcTtbLd13Rt4pepM1maKrPfQsrKac4iuUSL2wfP758o']))).toBeUndefined();
  });
  it('verification is switched off only for a non-hosted relay', () => {
    expect(isLocalRelay('ws://127.0.0.1:8788')).toBe(true);
    expect(isLocalRelay('wss://relay.walletconnect.org')).toBe(false);
  });
});
