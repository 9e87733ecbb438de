import { assert } from 'chai';
import { createTestControllers } from '../../views/testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../../views/testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { de } from './de.js';

const items = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
const click = (item: HTMLElement) => item.shadowRoot!.querySelector('button')!.click();

describe('German modal (locale: de)', () => {
  afterEach(() => document.body.replaceChildren());

  it('names the dialog, labels its controls and lists wallets in German; lang="de" on the dialog; axe clean', async () => {
    document.documentElement.lang = 'en';
    const { controllers } = createTestControllers({ modalOptions: { locale: de } });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    const dialog = modal.shadowRoot!.querySelector('dialog')!;
    assert.equal(dialog.getAttribute('lang'), 'de');
    assert.equal(document.documentElement.lang, 'en', 'the page keeps its own language');
    assert.equal(dialogName(modal), 'Wallet verbinden');
    assert.exists(modal.shadowRoot!.querySelector('mb-button[label="Schließen"]'));
    await waitFor(() => items(view).length > 3, 3000, 'wallets listed');
    const labels = items(view).map((item) => [item.label, item.tag]);
    assert.deepInclude(labels, ['MetaMask', 'Installiert']);
    assert.include(labels.map(([label]) => label), 'Alle Wallets');
    assert.notInclude(labels.map(([label]) => label), 'All Wallets');
    await expectNoAxeViolations(modal);
  });

  it('a declined connection shows the locale\'s message and an override on top of it; the title follows', async () => {
    const { controllers } = createTestControllers({
      walletAnswer: 'fail',
      modalOptions: { locale: de, texts: { retry: 'Noch einmal', viewTitles: { Connect: 'Anmelden mit Wallet' } } },
    });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    assert.equal(dialogName(modal), 'Anmelden mit Wallet');
    click(items(view).find((item) => item.label === 'MetaMask')!);
    const connecting = await waitForView(modal, 'mb-connecting-external-view');
    await waitFor(() => deepText(connecting).includes('Verbindung fehlgeschlagen'), 3000, 'German failure text');
    assert.include(deepText(connecting), 'Noch einmal');
    assert.notInclude(deepText(connecting), 'Connection failed');
    await expectNoAxeViolations(modal);
  });
});
