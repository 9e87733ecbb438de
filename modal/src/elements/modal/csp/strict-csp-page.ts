// A dapp page served with a strict Content-Security-Policy (no inline script or style, no eval). It opens the
// modal through the connect button, walks to the QR and All Wallets views, and reports to the parent frame.
import { createModal } from '../../../client.js';
import { setDefaultClient } from '../../../client-registry.js';
import { createMemoryStorage } from '../../../storage.js';
import { bsc, createFakeFetch, makeWallets } from '../../../views/testing/test-controllers.js';
import '../../connect-button/connect-button.js';

const violations: string[] = [];
let probingEval = false;
document.addEventListener('securitypolicyviolation', (event) => {
  // The eval probe below is the one expected violation: it proves the policy is in force.
  if (probingEval && event.violatedDirective.startsWith('script-src') && event.blockedURI === 'eval') return;
  violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`);
});

const wait = async <T>(read: () => T | null | undefined | false, what: string, timeout = 5000): Promise<T> => {
  const start = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function run() {
  let evalBlocked = false;
  probingEval = true;
  try {
    (0, eval)('1');
  } catch {
    evalBlocked = true;
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  probingEval = false;
  const client = createModal(
    {
      projectId: 'csp-test',
      networks: [bsc],
      metadata: { name: 'CSP dapp', description: 'CSP', url: location.origin, icons: [] },
      storage: createMemoryStorage(),
      apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics` },
    },
    { fetch: createFakeFetch({ wallets: makeWallets(120) }), location: null, loadWalletConnect: () => new Promise(() => {}) },
  );
  setDefaultClient(client);
  const button = document.querySelector('mb-connect-button')!;
  await button.updateComplete;
  button.shadowRoot!.querySelector('button')!.click();
  const modal = await wait(() => document.querySelector('mb-modal'), 'modal');
  const view = await wait(() => modal.shadowRoot?.querySelector<HTMLElement>('mb-connect-view'), 'Connect view');
  await wait(() => (view.shadowRoot?.querySelectorAll('mb-list-item').length ?? 0) >= 3, 'wallet items');
  const dialog = modal.shadowRoot!.querySelector('dialog')!;
  const styled = getComputedStyle(dialog).backgroundColor;
  const buttonStyled = getComputedStyle(button.shadowRoot!.querySelector('button')!).borderRadius;
  const itemCount = view.shadowRoot!.querySelectorAll('mb-list-item').length;
  void client.open({ view: 'AllWallets' });
  const all = await wait(() => modal.shadowRoot?.querySelector<HTMLElement>('mb-all-wallets-view'), 'All Wallets');
  const spacer = await wait(() => all.shadowRoot?.querySelector<HTMLElement>('.spacer'), 'grid');
  await wait(() => spacer.style.height !== '', 'virtual height');
  return {
    evalBlocked,
    dialogOpen: dialog.open,
    dialogBackground: styled,
    buttonRadius: buttonStyled,
    itemCount,
    spacerHeight: getComputedStyle(spacer).height,
  };
}

run()
  .then((result) => parent.postMessage({ type: 'strict-csp', ok: true, violations, ...result }, location.origin))
  .catch((error: unknown) => parent.postMessage({ type: 'strict-csp', ok: false, violations, error: String(error) }, location.origin));
