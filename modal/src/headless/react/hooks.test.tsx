// @vitest-environment happy-dom
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setDefaultClient } from '../../client-registry.js';
import type { DiscoveryTarget } from '../../connectors/eip6963.js';
import { createFakeClock, createFakeFetch, createFakeWallet, fakeBlockchainApi, json, testOptions } from '../../core/testing.js';
import { createMemoryStorage } from '../../storage.js';
import { createHeadlessClient } from '../index.js';
import { HeadlessProvider, useAccount, useConnect, useModalState, useWallets } from './index.js';

beforeAll(() => import('../directory-wallets.js'));
afterEach(() => setDefaultClient(undefined));

const ADDRESS = '0x1111111111111111111111111111111111111111';

function setup() {
  const wallet = createFakeWallet({ chainId: 31337, knownChains: [56, 31337] });
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'Test Wallet', icon: 'data:image/png;base64,AA==', rdns: 'com.test' }, provider: wallet.provider } })),
  );
  const fetch = createFakeFetch((r) => (r.url.includes('/getWallets') ? json({ count: 0, data: [] }) : fakeBlockchainApi(r)));
  const client = createHeadlessClient(testOptions({ storage: createMemoryStorage() }), { fetch, clock: createFakeClock(), discoveryTarget: target, isMobile: false, location: null });
  const wrapper = ({ children }: { children: ReactNode }) => <HeadlessProvider client={client}>{children}</HeadlessProvider>;
  return { client, wallet, wrapper };
}

/** A connect list and an account menu of the dapp's own, as modal/README.md's "Headless" shows. */
function ConnectList() {
  const { installed } = useWallets();
  const { connect, status } = useConnect();
  const account = useAccount();
  if (account.isConnected) return <button onClick={() => void account.disconnect()}>{account.address}</button>;
  return (
    <ul aria-busy={status === 'connecting'}>
      {installed.map((wallet) => (
        <li key={wallet.id}>
          <button onClick={() => void connect(wallet)}>{wallet.name}</button>
        </li>
      ))}
    </ul>
  );
}

describe('headless React hooks', () => {
  it('a connect list renders the announced wallet, connects on click and shows the account; disconnect returns to the list', async () => {
    const { wrapper } = setup();
    const view = render(<ConnectList />, { wrapper });
    const button = await view.findByRole('button', { name: 'Test Wallet' });
    await act(async () => button.click());
    const menu = await view.findByRole('button', { name: ADDRESS });
    await act(async () => menu.click());
    await view.findByRole('button', { name: 'Test Wallet' });
  });

  it('keep the same object between renders while nothing changes (no render loop), and follow a change', async () => {
    const { wrapper, client } = setup();
    let renders = 0;
    const { result, rerender } = renderHook(
      () => {
        renders++;
        return useModalState();
      },
      { wrapper },
    );
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(renders).toBeLessThan(4);
    await act(() => client.open());
    await waitFor(() => expect(result.current.open).toBe(true));
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });

  it('throw outside <HeadlessProvider>', () => {
    expect(() => renderHook(() => useAccount())).toThrow(/HeadlessProvider/);
  });
});
