import { assert } from 'chai';
import { setLocale } from './client-locale.js';
import { de } from './texts/locales/de.js';
import { he } from './texts/locales/he.js';
import type { MbListItem } from './ui/list-item/list-item.js';
import { createTestControllers } from './views/testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from './views/testing/test-helpers.js';

const items = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
const labels = (view: HTMLElement) => items(view).map((item) => item.label);
const click = (item: HTMLElement) => item.shadowRoot!.querySelector('button')!.click();

// ModalClient.setLocale: the client's method loads client-locale.ts and calls it with its controllers.
describe('the language changed on a live modal (setLocale)', () => {
  afterEach(() => document.body.replaceChildren());

  it('the open view, its title, the dialog\'s lang and dir and the next message follow; English again without a locale', async () => {
    const { controllers } = createTestControllers({ walletAnswer: 'fail' });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => labels(view).includes('All Wallets'), 3000, 'wallets listed');
    const dialog = modal.shadowRoot!.querySelector('dialog')!;
    assert.equal(dialogName(modal), 'Connect Wallet');

    await setLocale(controllers, de);
    await waitFor(() => dialogName(modal) === 'Wallet verbinden', 3000, 'German title');
    assert.equal(dialog.getAttribute('lang'), 'de');
    await waitFor(() => labels(view).includes('Alle Wallets'), 3000, 'German list');
    assert.notInclude(labels(view), 'All Wallets');
    assert.exists(modal.shadowRoot!.querySelector('mb-button[label="Schließen"]'));
    // A message shown after the change is in the new language (the controllers read the same messages object).
    click(items(view).find((item) => item.label === 'MetaMask')!);
    const connecting = await waitForView(modal, 'mb-connecting-external-view');
    await waitFor(() => deepText(connecting).includes('Verbindung fehlgeschlagen'), 3000, 'German failure text');
    await expectNoAxeViolations(modal);

    await setLocale(controllers, he);
    await waitFor(() => dialog.getAttribute('dir') === 'rtl', 3000, 'right to left');
    assert.equal(dialog.getAttribute('lang'), 'he');
    assert.notInclude(deepText(connecting), 'Verbindung');

    await setLocale(controllers, undefined);
    await waitFor(() => dialog.getAttribute('dir') === 'ltr' && dialog.getAttribute('lang') === 'en', 3000, 'English again');
    assert.equal(controllers.options.messages.connectionFailed, 'Connection failed');
    assert.notProperty(controllers.options, 'locale');
    controllers.router.reset('Connect');
    const again = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => labels(again).includes('All Wallets'), 3000, 'English list');
    assert.equal(dialogName(modal), 'Connect Wallet');
  });

  it('a view kept out of the page while the language changes shows the new language when it is back', async () => {
    const { controllers } = createTestControllers();
    await import('./views/embedded/approve-transaction-view.js');
    const view = Object.assign(document.createElement('mb-approve-transaction-view'), { controllers });
    document.body.append(view);
    await view.updateComplete;
    assert.include(deepText(view), 'Review the request below.');
    view.remove();
    await setLocale(controllers, de);
    document.body.append(view);
    await waitFor(() => deepText(view).includes('Prüfe die Anfrage unten.'), 3000, 'German line');
  });

  it('keeps the options\' own texts over every language', async () => {
    const { controllers } = createTestControllers({ modalOptions: { texts: { viewTitles: { Connect: 'Pick a wallet' } } } });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    assert.equal(dialogName(modal), 'Pick a wallet');
    await setLocale(controllers, de);
    await waitFor(() => modal.shadowRoot!.querySelector('dialog')!.getAttribute('lang') === 'de', 3000, 'German');
    assert.equal(dialogName(modal), 'Pick a wallet');
  });
});
