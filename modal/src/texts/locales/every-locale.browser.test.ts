import { assert } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { createTestControllers } from '../../views/testing/test-controllers.js';
import { dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../../views/testing/test-helpers.js';
import type { ModalLocale } from '../locale.js';
import { texts, viewTitles } from '../ui.js';
import { ar } from './ar.js';
import { de } from './de.js';
import { es } from './es.js';
import { fa } from './fa.js';
import { fr } from './fr.js';
import { he } from './he.js';
import { hi } from './hi.js';
import { id } from './id.js';
import { it as italian } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './pt-BR.js';
import { ru } from './ru.js';
import { tr } from './tr.js';
import { uk } from './uk.js';
import { zhCN } from './zh-CN.js';
import { zhTW } from './zh-TW.js';

const locales: ModalLocale[] = [ar, de, es, fa, fr, he, hi, id, italian, ja, ko, nl, pl, ptBR, ru, tr, uk, zhCN, zhTW];

/** Every element under `root`, through open shadow roots. */
function deepElements(root: Element | ShadowRoot): Element[] {
  const found: Element[] = [];
  const visit = (node: Element | ShadowRoot) => {
    for (const child of node.children) {
      found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** Elements with text or controls that reach past the dialog's right or left edge (the page would scroll sideways). */
function outside(dialog: Element): string[] {
  const edge = dialog.getBoundingClientRect();
  return deepElements(dialog)
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.right > edge.right + 1 || box.left < edge.left - 1);
    })
    .map((el) => `${el.localName} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
}

describe('every shipped language', () => {
  afterEach(async () => {
    document.body.replaceChildren();
    await setViewport({ width: 800, height: 600 });
  });

  it('names the dialog in its language, sets lang and dir on it, and fits a 320 px phone without sideways scrolling', async () => {
    await setViewport({ width: 320, height: 640 });
    for (const locale of locales) {
      const { controllers } = createTestControllers({ modalOptions: { locale } });
      const { modal } = await mountTestModal(controllers);
      controllers.modal.open();
      const view = await waitForView(modal, 'mb-connect-view');
      await waitFor(() => view.shadowRoot!.querySelectorAll('mb-list-item').length > 3, 3000, `${locale.lang}: wallets listed`);
      const dialog = modal.shadowRoot!.querySelector('dialog')!;
      assert.equal(dialog.getAttribute('lang'), locale.lang);
      assert.equal(dialog.getAttribute('dir'), locale.dir ?? 'ltr', `${locale.lang}: direction`);
      assert.equal(dialogName(modal), locale.viewTitles.Connect, `${locale.lang}: the dialog's name`);
      assert.notEqual(locale.viewTitles.Connect, viewTitles.Connect, `${locale.lang}: the title is translated`);
      assert.notEqual(locale.texts.close, texts.close, `${locale.lang}: Close is translated`);
      assert.deepEqual(outside(dialog), [], `${locale.lang}: nothing leaves the dialog at 320 px`);
      assert.isAtMost(document.documentElement.scrollWidth, 320, `${locale.lang}: the page does not scroll sideways`);
      modal.remove();
      document.body.replaceChildren();
    }
  });

  it('right to left in Hebrew and Persian as in Arabic: the close button on the left; axe clean', async () => {
    for (const locale of [he, fa]) {
      const { controllers } = createTestControllers({ modalOptions: { locale } });
      const { modal } = await mountTestModal(controllers);
      controllers.modal.open();
      await waitForView(modal, 'mb-connect-view');
      const close = modal.shadowRoot!.querySelector(`mb-button[label="${locale.texts.close}"]`)!;
      const title = modal.shadowRoot!.querySelector('#title')!;
      assert.isBelow(close.getBoundingClientRect().right, title.getBoundingClientRect().left + 1, `${locale.lang}: the close button sits on the left`);
      await expectNoAxeViolations(modal);
      document.body.replaceChildren();
    }
  });
});
