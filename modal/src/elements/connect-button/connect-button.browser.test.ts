import { assert } from 'chai';
import { emulateMedia } from '@web/test-runner-commands';
import { createModal } from '../../client.js';
import { createModalCore } from '../../client-core.js';
import { STORAGE_KEYS } from '../../storage.js';
import { createMemoryStorage } from '../../storage.js';
import { controllersOf, setDefaultClient } from '../../client-registry.js';
import type { ModalClient, ModalOptions } from '../../core/types.js';
import { bsc, createFakeFetch, createTestWallet, local, makeWallets, pixel, testAddress } from '../../views/testing/test-controllers.js';
import { computedColor, deepText, expectNoAxeViolations, waitFor } from '../../views/testing/test-helpers.js';
import type { MbModal } from '../modal/modal.js';
import { de } from '../../texts/locales/de.js';
import './connect-button.js';

/** A dapp page with only the element: a test wallet announces itself over EIP-6963 (`authorized`: it already lets the page see its account). */
function announceTestWallet(authorized = false) {
  const wallet = createTestWallet(() => 'approve');
  const provider = authorized ? { ...wallet, request: (args: { method: string; params?: unknown }) => (args.method === 'eth_accounts' ? Promise.resolve([testAddress]) : wallet.request(args as never)) } : wallet;
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info: { uuid: '5f1c0c1e-1111-4111-8111-111111111111', name: 'Test Wallet', icon: pixel, rdns: 'org.example.testwallet' }, provider }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return { provider, stop: () => window.removeEventListener('eip6963:requestProvider', announce) };
}

function makeClient(extra: Partial<ModalOptions> = {}): ModalClient {
  return createModal(
    {
      ...extra,
      projectId: 'test-project',
      networks: [bsc, local],
      metadata: { name: 'Test dapp', description: 'A test', url: location.origin, icons: [] },
      storage: createMemoryStorage(),
      apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics` },
    },
    { fetch: createFakeFetch({ wallets: makeWallets(60) }), location: null },
  );
}

const nativeButton = (element: Element) => element.shadowRoot!.querySelector('button')!;

/** Each test of the block gets the test wallet announced (`replace` announces another), and a clean page after. */
function announcedWalletPerTest() {
  let wallet: ReturnType<typeof announceTestWallet>;
  beforeEach(() => {
    wallet = announceTestWallet();
  });
  afterEach(() => {
    wallet.stop();
    setDefaultClient(undefined);
    document.body.replaceChildren();
  });
  return {
    replace(authorized: boolean) {
      wallet.stop();
      wallet = announceTestWallet(authorized);
    },
  };
}

describe('<mb-connect-button> with createModal', () => {
  announcedWalletPerTest();

  it("reads 'Connect Wallet', opens the modal on click, connects the announced wallet and then shows the shortened address", async () => {
    const client = makeClient();
    setDefaultClient(client);
    const button = document.createElement('mb-connect-button');
    document.body.append(button);
    await button.updateComplete;
    assert.equal(nativeButton(button).textContent, 'Connect Wallet');
    await expectNoAxeViolations(button);

    nativeButton(button).click();
    const modal = await waitFor(() => document.querySelector<MbModal>('mb-modal'), 3000, 'modal mounted');
    assert.isTrue(client.isOpen());
    const view = await waitFor(() => modal.shadowRoot!.querySelector<HTMLElement>('mb-connect-view'), 3000, 'Connect view');
    const item = await waitFor(
      () => [...view.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Test Wallet'),
      3000,
      'announced wallet',
    );
    item.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => client.getAccount().isConnected, 3000, 'connected');
    await waitFor(() => nativeButton(button).textContent === `${testAddress.slice(0, 6)}...${testAddress.slice(-4)}`, 3000, 'address');
    assert.isTrue(button.hasAttribute('connected'));
    assert.isFalse(client.isOpen(), 'the modal closes on connect');

    // Clicking again opens the Account view.
    nativeButton(button).click();
    await waitFor(() => modal.shadowRoot!.querySelector('mb-account-view'), 3000, 'Account view');
    assert.include(deepText(modal), `${testAddress.slice(0, 6)}...${testAddress.slice(-4)}`);
  });

  it("shows the account's name in place of the address, and a name registered later at once", async () => {
    const client = createModal(
      {
        projectId: 'test-project',
        networks: [bsc, local],
        metadata: { name: 'Test dapp', description: 'A test', url: location.origin, icons: [] },
        storage: createMemoryStorage(),
        apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics` },
      },
      { fetch: createFakeFetch({ wallets: makeWallets(4), identity: { name: 'ada.minibot.id', avatar: null } }), location: null },
    );
    const button = document.createElement('mb-connect-button');
    button.client = client;
    document.body.append(button);
    await controllersOf(client)!.connection.connect('org.example.testwallet');
    await waitFor(() => nativeButton(button).textContent === 'ada.minibot.id', 3000, 'the name');
    // What the names controller does after a registration.
    controllersOf(client)!.account.update('eip155', { profileName: 'grace.minibot.id' });
    await button.updateComplete;
    assert.equal(nativeButton(button).textContent, 'grace.minibot.id');
  });

  it("reads the locale's label, or the dapp's override of it", async () => {
    const german = makeClient({ locale: { lang: 'de', texts: { connectWallet: 'Wallet verbinden' } } as ModalOptions['locale'] });
    const custom = makeClient({ texts: { connectWallet: 'Sign in' } });
    const first = document.createElement('mb-connect-button');
    first.client = german;
    const second = document.createElement('mb-connect-button');
    second.client = custom;
    document.body.append(first, second);
    await first.updateComplete;
    await second.updateComplete;
    assert.equal(nativeButton(first).textContent, 'Wallet verbinden');
    assert.equal(nativeButton(second).textContent, 'Sign in');
  });

  it('follows a language changed on the live client (setLocale), and English again without one', async () => {
    const client = makeClient();
    const button = document.createElement('mb-connect-button');
    button.client = client;
    document.body.append(button);
    await button.updateComplete;
    assert.equal(nativeButton(button).textContent, 'Connect Wallet');
    await client.setLocale(de);
    await waitFor(() => nativeButton(button).textContent === de.texts.connectWallet, 3000, 'German label');
    assert.notEqual(de.texts.connectWallet, 'Connect Wallet');
    await client.setLocale();
    await waitFor(() => nativeButton(button).textContent === 'Connect Wallet', 3000, 'English label');
  });

  it('keeps its label on one line in a narrow header, and is a 44 px target', async () => {
    const german = makeClient({ locale: { lang: 'de', texts: { connectWallet: 'Wallet verbinden' } } as ModalOptions['locale'] });
    // A phone's header: the dapp's name beside the button in 320 px.
    const header = document.createElement('header');
    header.style.cssText = 'display: flex; width: 320px; gap: 12px; align-items: center;';
    const name = document.createElement('strong');
    name.textContent = 'Minibot M1 Presale Pass';
    const element = document.createElement('mb-connect-button');
    element.client = german;
    header.append(name, element);
    document.body.append(header);
    await element.updateComplete;
    const button = nativeButton(element);
    const line = parseFloat(getComputedStyle(button).lineHeight) || parseFloat(getComputedStyle(button).fontSize) * 1.3;
    const range = document.createRange();
    range.selectNodeContents(button);
    assert.equal(range.getClientRects().length, 1, `'${button.textContent}' on one line (${line}px)`);
    assert.isAtLeast(button.getBoundingClientRect().height, 44);
  });

  it('uses the client given as a property over the default one', async () => {
    const client = makeClient();
    const button = document.createElement('mb-connect-button');
    button.client = client;
    document.body.append(button);
    await button.updateComplete;
    nativeButton(button).click();
    await waitFor(() => client.isOpen(), 3000, 'opened');
  });
});

describe("<mb-connect-button> with the element entry's client (controllers made on first use)", () => {
  const wallet = announcedWalletPerTest();
  const coreClient = (storage = createMemoryStorage(), extra: Partial<ModalOptions> = {}) =>
    createModalCore(
      {
        ...extra,
        projectId: 'test-project',
        networks: [bsc, local],
        metadata: { name: 'Test dapp', description: 'A test', url: location.origin, icons: [] },
        storage,
        apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics` },
      },
      { fetch: createFakeFetch({ wallets: makeWallets(4) }), location: null },
    );

  it("reads 'Connect Wallet' with no controllers made; the pointer on it makes them; a click connects and shows the address", async () => {
    const client = coreClient();
    const button = document.createElement('mb-connect-button');
    button.client = client;
    document.body.append(button);
    await button.updateComplete;
    assert.equal(nativeButton(button).textContent, 'Connect Wallet');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.isUndefined(controllersOf(client), 'nothing made before the visitor shows intent');

    nativeButton(button).dispatchEvent(new PointerEvent('pointerenter'));
    await waitFor(() => controllersOf(client), 3000, 'controllers made on hover');
    assert.isFalse(client.isOpen());
    nativeButton(button).click();
    const modal = await waitFor(() => document.querySelector<MbModal>('mb-modal'), 3000, 'modal mounted');
    const view = await waitFor(() => modal.shadowRoot!.querySelector<HTMLElement>('mb-connect-view'), 3000, 'Connect view');
    const item = await waitFor(() => [...view.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Test Wallet'), 3000, 'announced wallet');
    item.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => nativeButton(button).textContent === `${testAddress.slice(0, 6)}...${testAddress.slice(-4)}`, 3000, 'address');
    assert.isTrue(button.hasAttribute('connected'));
  });

  it('a stored session shows its address from the first render, never Connect Wallet, and the restored account after', async () => {
    wallet.replace(true);
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'org.example.testwallet', [STORAGE_KEYS.lastAddress]: testAddress });
    const client = coreClient(storage);
    const button = document.createElement('mb-connect-button');
    button.client = client;
    const labels: string[] = [];
    document.body.append(button);
    await button.updateComplete;
    labels.push(nativeButton(button).textContent!);
    await waitFor(() => client.getAccount().isConnected, 3000, 'restored');
    await button.updateComplete;
    labels.push(nativeButton(button).textContent!);
    const short = `${testAddress.slice(0, 6)}...${testAddress.slice(-4)}`;
    assert.deepEqual(labels, [short, short]);
  });

  it('setLocale before any interaction makes the controllers and relabels the button', async () => {
    const client = coreClient();
    const button = document.createElement('mb-connect-button');
    button.client = client;
    document.body.append(button);
    await button.updateComplete;
    await client.setLocale(de);
    await waitFor(() => nativeButton(button).textContent === de.texts.connectWallet, 3000, 'German label');
    await client.setLocale();
    await waitFor(() => nativeButton(button).textContent === 'Connect Wallet', 3000, 'English label');
  });
});

describe('<mb-connect-button> styles', () => {
  afterEach(() => document.body.replaceChildren());

  it('uses the theme tokens (light and dark) and a dapp override', async () => {
    const { lightTokens, darkTokens } = await import('../../theme/theme.js');
    const button = document.createElement('mb-connect-button');
    document.body.append(button);
    await button.updateComplete;
    const native = nativeButton(button);
    assert.equal(getComputedStyle(native).backgroundColor, computedColor(lightTokens['--mb-color-accent']));
    assert.equal(getComputedStyle(native).color, computedColor(lightTokens['--mb-color-accent-fg']));
    // With no theme-mode, the system preference decides.
    await emulateMedia({ colorScheme: 'dark' });
    assert.equal(getComputedStyle(native).backgroundColor, computedColor(darkTokens['--mb-color-accent']!));
    await emulateMedia({ colorScheme: 'light' });
    button.themeMode = 'dark';
    await button.updateComplete;
    assert.equal(getComputedStyle(native).backgroundColor, computedColor(darkTokens['--mb-color-accent']!));
    assert.equal(getComputedStyle(native).color, computedColor(darkTokens['--mb-color-accent-fg']!));
    await expectNoAxeViolations(button);
    button.style.setProperty('--mb-color-accent', 'rgb(1, 2, 3)');
    assert.equal(getComputedStyle(native).backgroundColor, 'rgb(1, 2, 3)');
  });
});
