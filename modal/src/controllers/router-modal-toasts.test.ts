import { describe, expect, it } from 'vitest';
import { SHAKE_DURATION_MS, TOAST_SWAP_DELAY_MS } from '../core/constants.js';
import { createFakeClock } from '../core/testing.js';
import { createModalController } from './modal.js';
import { createRouterController, resolveOpenView } from './router.js';
import { createToastController } from './toasts.js';
import { resolveOptions } from './options.js';
import { testOptions } from '../core/testing.js';

describe('opening rules (spec section 2)', () => {
  it('no address -> Connect', () => {
    expect(resolveOpenView({ hasAddress: false, isMobile: false, hasAdapters: true })).toBe('Connect');
    expect(resolveOpenView({ hasAddress: false, isMobile: true, hasAdapters: true })).toBe('Connect');
  });
  it('mobile with no adapters -> AllWallets', () => {
    expect(resolveOpenView({ hasAddress: false, isMobile: true, hasAdapters: false })).toBe('AllWallets');
  });
  it('desktop with no adapters -> ConnectingWalletConnectBasic', () => {
    expect(resolveOpenView({ hasAddress: false, isMobile: false, hasAdapters: false })).toBe('ConnectingWalletConnectBasic');
  });
  it('an address -> Account', () => {
    expect(resolveOpenView({ hasAddress: true, isMobile: false, hasAdapters: true })).toBe('Account');
    expect(resolveOpenView({ hasAddress: true, isMobile: true, hasAdapters: false })).toBe('Account');
  });
  it('a forced view wins', () => {
    expect(resolveOpenView({ hasAddress: true, isMobile: false, hasAdapters: true, forcedView: 'Networks' })).toBe('Networks');
    expect(resolveOpenView({ hasAddress: false, isMobile: false, hasAdapters: true, forcedView: 'AllWallets' })).toBe('AllWallets');
  });
});

describe('router', () => {
  it('push, replace, back and reset keep the history', () => {
    const router = createRouterController();
    router.push('AllWallets');
    router.push('ConnectingExternal', { connectorId: 'io.metamask' });
    expect(router.getState()).toEqual({ view: 'ConnectingExternal', history: ['Connect', 'AllWallets', 'ConnectingExternal'], data: { connectorId: 'io.metamask' } });
    router.replace('ConnectingWalletConnectBasic');
    expect(router.getState().history).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnectBasic']);
    router.back();
    expect(router.getState().view).toBe('AllWallets');
    router.back();
    router.back();
    expect(router.getState()).toMatchObject({ view: 'Connect', history: ['Connect'] });
    router.reset('Account');
    expect(router.getState().history).toEqual(['Account']);
  });
  it('notifies subscribers with the new and previous state; unsubscribe stops it', () => {
    const router = createRouterController();
    const seen: string[] = [];
    const off = router.subscribe((state, previous) => seen.push(`${previous.view}->${state.view}`));
    router.push('Networks');
    off();
    router.push('Account');
    expect(seen).toEqual(['Connect->Networks']);
  });
});

describe('modal', () => {
  const setup = (embedded: boolean, connected: boolean) => {
    const clock = createFakeClock();
    const router = createRouterController();
    const modal = createModalController({
      clock,
      router,
      embedded,
      isConnected: () => connected,
      openView: (forced) => resolveOpenView({ forcedView: forced, hasAddress: connected, isMobile: false, hasAdapters: true }),
    });
    return { clock, router, modal };
  };

  it('open shows the view of the opening rules, or the forced one; close closes', () => {
    const { modal, router } = setup(false, false);
    modal.open();
    expect(modal.getState().open).toBe(true);
    expect(router.getState().view).toBe('Connect');
    modal.close();
    expect(modal.getState().open).toBe(false);
    modal.open({ view: 'Networks' });
    expect(router.getState().view).toBe('Networks');
  });

  it('closing in embedded mode shows Account if connected, otherwise Connect', () => {
    const connected = setup(true, true);
    connected.router.push('Networks');
    connected.modal.close();
    expect(connected.router.getState().view).toBe('Account');
    const disconnected = setup(true, false);
    disconnected.router.push('AllWallets');
    disconnected.modal.close();
    expect(disconnected.router.getState().view).toBe('Connect');
    expect(disconnected.modal.getState().embedded).toBe(true);
  });

  it('shake lasts 500 ms', async () => {
    const { modal, clock } = setup(false, false);
    expect(SHAKE_DURATION_MS).toBe(500);
    modal.shake();
    expect(modal.getState().shake).toBe(true);
    await clock.advance(499);
    expect(modal.getState().shake).toBe(true);
    await clock.advance(1);
    expect(modal.getState().shake).toBe(false);
  });
});

describe('toasts', () => {
  it('loading, success and error variants; a new toast hides the open one and shows after 150 ms', async () => {
    const clock = createFakeClock();
    const toasts = createToastController({ clock });
    toasts.show('loading', 'Authenticating...');
    expect(toasts.getState()).toEqual({ open: true, variant: 'loading', message: 'Authenticating...' });
    toasts.show('success', 'Transaction started');
    expect(toasts.getState().open).toBe(false);
    await clock.advance(TOAST_SWAP_DELAY_MS - 1);
    expect(toasts.getState().open).toBe(false);
    await clock.advance(1);
    expect(toasts.getState()).toEqual({ open: true, variant: 'success', message: 'Transaction started' });
    toasts.show('error', 'Something went wrong');
    await clock.advance(150);
    expect(toasts.getState()).toEqual({ open: true, variant: 'error', message: 'Something went wrong' });
    expect(TOAST_SWAP_DELAY_MS).toBe(150);
  });

  it('a toast with none open shows at once; hide closes it', () => {
    const toasts = createToastController({ clock: createFakeClock() });
    toasts.show('error', 'Signature declined');
    expect(toasts.getState().open).toBe(true);
    toasts.hide();
    expect(toasts.getState().open).toBe(false);
  });
});

describe('options', () => {
  it('features default to swaps, onramp, receive and send on; hosted api URLs', () => {
    const resolved = resolveOptions({ ...testOptions(), apiUrls: undefined });
    expect(resolved.features).toMatchObject({ swaps: true, onramp: true, receive: true, send: true });
    expect(resolved.apiUrls).toMatchObject({
      blockchainApi: 'https://rpc.walletconnect.org',
      walletDirectory: 'https://api.web3modal.org',
      analytics: 'https://pulse.walletconnect.org',
    });
    expect(resolved.enableWalletConnect).toBe(true);
    expect(resolved.allowUnsupportedChain).toBe(false);
  });
  it('overrides apply feature by feature; URLs lose a trailing slash', () => {
    const resolved = resolveOptions(testOptions({ features: { swaps: false }, apiUrls: { blockchainApi: 'http://127.0.0.1:8787/' } }));
    expect(resolved.features).toMatchObject({ swaps: false, onramp: true, receive: true, send: true });
    expect(resolved.apiUrls.blockchainApi).toBe('http://127.0.0.1:8787');
    expect(resolved.apiUrls.walletDirectory).toBe('https://api.web3modal.org');
  });
});
