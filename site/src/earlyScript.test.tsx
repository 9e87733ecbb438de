import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@minibot/modal/storage';
import { WalletButton } from './components/WalletButton.js';
import { MintArea } from './components/MintArea.js';
import { EARLY_CLICKS_GLOBAL, replayEarlyClicks, type EarlyClicks } from './earlyClicks.js';
import { earlyScript, PATCHING_ATTRIBUTE } from './earlyScript.js';
import { RESTORING_ATTRIBUTE } from './restoring.js';
import { TEST_ADDRESS } from './test/fakeModal.js';
import { fakeModal } from './test/fakeModalReact.js';

/** The page's two places that name the wallet, as the prerendered HTML has them (no wallet at build time). */
function Page() {
  return (
    <div id="root">
      <header className="navbar">
        <div className="navbar__wallet"><WalletButton /></div>
      </header>
      <div className="hero__mint">
        <MintArea
          state={{ kind: 'disconnected' }}
          explorerTxUrl={() => ''}
          chainLabel="BSC Local"
          onConnect={fakeModal.open}
          onMint={() => {}}
          onTermsChange={() => {}}
        />
      </div>
    </div>
  );
}

/** The prerendered HTML of <Page />, without a wallet. */
function prerendered(): string {
  const { container, unmount } = render(<Page />);
  const html = container.innerHTML;
  unmount();
  return html;
}

/**
 * Runs the early script in this document, then lets the parser (here: innerHTML) add `html` with more content after it
 * (the parser has passed it); resolves once patched.
 */
async function loadPage(html: string): Promise<HTMLElement> {
  new Function(earlyScript())();
  const host = document.createElement('div');
  document.body.append(host, document.createElement('footer'));
  host.innerHTML = html;
  // The script's MutationObserver runs at the next microtask checkpoint, as it does before a paint.
  await Promise.resolve();
  return host;
}

/** An element's markup with its attributes in a fixed order, so that two renderings compare by content. */
function normalized(element: Element): string {
  const clone = element.cloneNode(true) as Element;
  for (const node of [clone, ...clone.querySelectorAll('*')]) {
    const attributes = [...node.attributes].map((attribute) => [attribute.name, attribute.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) node.removeAttribute(name);
    for (const [name, value] of attributes) node.setAttribute(name, value);
  }
  return clone.outerHTML;
}

function earlyClicks(): EarlyClicks | undefined {
  return (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS_GLOBAL];
}

beforeEach(() => {
  fakeModal.reset();
  localStorage.clear();
});

afterEach(() => {
  earlyClicks()?.stop();
  delete (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
  document.documentElement.removeAttribute(RESTORING_ATTRIBUTE);
  document.documentElement.removeAttribute(PATCHING_ATTRIBUTE);
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the early script', () => {
  it('leaves the page as prerendered when no session is stored', async () => {
    const html = prerendered();
    const page = await loadPage(html);
    expect(page.innerHTML).toBe(html);
    expect(document.documentElement.hasAttribute(RESTORING_ATTRIBUTE)).toBe(false);
    expect(page.querySelector('.navbar__wallet button')?.textContent).toBe('Connect Wallet');
  });

  it('with a stored session: the stored short address (busy) and the ownership check, exactly as React renders them while restoring', async () => {
    const html = prerendered();
    localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
    localStorage.setItem(STORAGE_KEYS.lastAddress, TEST_ADDRESS);
    const page = await loadPage(html);
    expect(document.documentElement.getAttribute(RESTORING_ATTRIBUTE)).toBe(TEST_ADDRESS);
    const button = page.querySelector('.navbar__wallet button')!;
    expect(button.textContent).toBe('0x7099...79C8');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(page.querySelector('.hero__mint')?.textContent).toBe('Checking NFT ownership...');
    expect(page.textContent).not.toContain('Connect Wallet');

    // React's own rendering of the restoring state (after hydration the account is connecting).
    fakeModal.setAccount({ isConnected: false, status: 'connecting' });
    const { container } = render(<WalletButton />);
    expect(normalized(button)).toBe(normalized(container.firstElementChild!));
  });

  it("with a stored connector but no address: 'Connecting...', busy", async () => {
    const html = prerendered();
    localStorage.setItem(STORAGE_KEYS.connectorId, 'walletConnect');
    const page = await loadPage(html);
    expect(document.documentElement.getAttribute(RESTORING_ATTRIBUTE)).toBe('');
    const button = page.querySelector('.navbar__wallet button')!;
    expect(button.textContent).toBe('Connecting...');
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('patches a button only once the parser has passed its end (hidden meanwhile), and what is left at DOMContentLoaded', async () => {
    localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
    localStorage.setItem(STORAGE_KEYS.lastAddress, TEST_ADDRESS);
    new Function(earlyScript())();
    expect(document.documentElement.hasAttribute(PATCHING_ATTRIBUTE)).toBe(true);
    // The parser has added the button and part of its text, nothing after it yet.
    document.body.innerHTML = '<div id="root"><header class="navbar"><div class="navbar__wallet"><button class="btn btn--primary btn--sm wallet-button">Conn</button></div></header></div>';
    await Promise.resolve();
    const button = document.querySelector('.wallet-button')!;
    expect(button.getAttribute('aria-busy')).toBeNull();
    button.append('ect Wallet');
    document.querySelector('#root')!.append(document.createElement('main'));
    await Promise.resolve();
    expect(button.textContent).toBe('0x7099...79C8');

    document.querySelector('main')!.innerHTML = '<div class="hero__mint"><div class="mint"><button class="mint__action">Connect Wallet</button></div></div>';
    await Promise.resolve();
    expect(document.querySelector('.mint__action')).not.toBeNull();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.querySelector('.mint__action')).toBeNull();
    expect(document.querySelector('.hero__mint')?.textContent).toBe('Checking NFT ownership...');
    expect(document.documentElement.hasAttribute(PATCHING_ATTRIBUTE)).toBe(false);
  });

  it('never writes a stored value that is not an address into the page', async () => {
    const html = prerendered();
    localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
    localStorage.setItem(STORAGE_KEYS.lastAddress, '<img src=x onerror=alert(1)>');
    const page = await loadPage(html);
    expect(page.querySelector('.navbar__wallet button')?.textContent).toBe('Connecting...');
    expect(page.querySelector('img')).toBeNull();
  });

  it('the page hydrates over the patched HTML without a mismatch, then follows the restore', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = prerendered();
    localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
    localStorage.setItem(STORAGE_KEYS.lastAddress, TEST_ADDRESS);
    const page = await loadPage(html);
    const wallet = page.querySelector<HTMLElement>('.navbar__wallet')!;
    const patched = wallet.innerHTML;
    const recoverable = vi.fn();
    // The lazily loaded client reports the session being restored.
    fakeModal.setAccount({ isConnected: false, status: 'connecting' });
    const root = await act(async () => hydrateRoot(wallet, <WalletButton />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(wallet.innerHTML).toBe(patched);

    // Confirmed: the connected button with its menu, same address.
    await act(async () => fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected' }));
    expect(wallet.querySelector('button')?.getAttribute('aria-busy')).toBeNull();
    expect(wallet.querySelector('button')?.textContent).toBe('0x7099...79C8');
    root.unmount();
  });
});

describe('clicks before hydration', () => {
  it('are recorded and replayed once, on the same button, when the page has hydrated', async () => {
    const page = await loadPage('<div id="root"><button type="button">Connect Wallet</button><button type="button" disabled>Off</button></div><button type="button">Outside</button>');
    const [connect, disabled] = page.querySelectorAll<HTMLButtonElement>('#root button');
    connect.click();
    disabled.click();
    page.querySelector<HTMLButtonElement>('body > div > button:not(#root button)')?.click();
    expect(earlyClicks()?.clicks).toEqual([connect]);
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(true);

    const onClick = vi.fn();
    connect.addEventListener('click', onClick);
    replayEarlyClicks();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false);
    // Recording has stopped: React handles clicks now; a second replay does nothing.
    connect.click();
    replayEarlyClicks();
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
