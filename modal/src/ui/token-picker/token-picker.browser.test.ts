import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { MbPickEvent, type MbTokenPicker, type TokenPickerOption } from './token-picker.js';
import { deepActive, expectNoAxeViolations, waitFor } from '../../views/testing/test-helpers.js';

const options: TokenPickerOption[] = [
  { value: '0', symbol: 'BNB', name: 'BNB', amount: '1.234' },
  { value: '1', symbol: 'USDT', name: 'Tether USD', amount: '250', keywords: '0x55d398326f99059fF775485246999027B3197955' },
  { value: '2', symbol: 'USDC', name: 'USD Coin', amount: '12.5' },
];

/** A picker inside an open modal `<dialog>`, as in the Send view. */
async function openPicker(dir: 'ltr' | 'rtl' = 'ltr'): Promise<{ picker: MbTokenPicker; dialog: HTMLDialogElement; picks: string[] }> {
  const dialog = document.createElement('dialog');
  dialog.dir = dir;
  const picker = document.createElement('mb-token-picker');
  Object.assign(picker, { options, value: '0', label: 'Token', placeholder: 'Select a token', searchLabel: 'Search tokens', emptyText: 'No token found' });
  const picks: string[] = [];
  picker.addEventListener(MbPickEvent.eventName, (event) => picks.push((event as MbPickEvent).value));
  dialog.append(picker);
  document.body.append(dialog);
  dialog.showModal();
  await picker.updateComplete;
  return { picker, dialog, picks };
}

const part = (picker: MbTokenPicker, selector: string) => picker.shadowRoot!.querySelector<HTMLElement>(selector);

/** Where the chevron's tip is on screen against the middle of its base: positive y points down, negative up. */
function chevronPoint(picker: MbTokenPicker): { x: number; y: number } {
  const svg = part(picker, '.chevron')!.shadowRoot!.querySelector('svg')!;
  const matrix = svg.getScreenCTM()!;
  // The icon's path (M9 5 l7 7 -7 7) points right: its tip is (16, 12), its base's middle (9, 12).
  const tip = new DOMPoint(16, 12).matrixTransform(matrix);
  const base = new DOMPoint(9, 12).matrixTransform(matrix);
  return { x: tip.x - base.x, y: tip.y - base.y };
}
const optionTexts = (picker: MbTokenPicker) => [...picker.shadowRoot!.querySelectorAll('[role="option"] b')].map((b) => b.textContent);

describe('mb-token-picker', () => {
  afterEach(() => document.body.replaceChildren());

  it('by keyboard: ArrowDown opens a searchable listbox, typing filters, arrows move, Enter picks and focus returns', async () => {
    const { picker, picks } = await openPicker();
    const trigger = part(picker, '.trigger')!;
    assert.equal(trigger.getAttribute('aria-haspopup'), 'listbox');
    assert.equal(trigger.getAttribute('aria-expanded'), 'false');
    trigger.focus();
    await sendKeys({ press: 'ArrowDown' });
    await picker.updateComplete;
    assert.equal(trigger.getAttribute('aria-expanded'), 'true');
    const search = part(picker, 'input')!;
    assert.equal(deepActive(), search, 'the search field has focus');
    assert.equal(search.getAttribute('role'), 'combobox');
    assert.equal(part(picker, 'ul')!.getAttribute('role'), 'listbox');
    assert.deepEqual(optionTexts(picker), ['BNB', 'USDT', 'USDC']);
    assert.equal(search.getAttribute('aria-activedescendant'), 'option-0', 'the chosen token is active');
    assert.equal(part(picker, '#option-0')!.getAttribute('aria-selected'), 'true');
    await expectNoAxeViolations(picker);
    await sendKeys({ type: 'usd' });
    await picker.updateComplete;
    assert.deepEqual(optionTexts(picker), ['USDT', 'USDC']);
    await sendKeys({ press: 'ArrowDown' });
    await picker.updateComplete;
    assert.equal(search.getAttribute('aria-activedescendant'), 'option-1');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActive() === trigger, 3000, 'focus back on the button');
    assert.deepEqual(picks, ['2']);
    assert.equal(picker.value, '2');
    assert.notExists(part(picker, 'ul'), 'closed');
    assert.deepEqual([part(picker, '.trigger b')!.textContent, part(picker, '.trigger .amount')!.textContent], ['USDC', '12.5']);
    assert.equal(part(picker, '.trigger mb-token-image')!.getAttribute('name'), 'USDC');
  });

  it('finds a token by its address, says so when nothing matches, and Escape closes the list but not the dialog', async () => {
    const { picker, dialog, picks } = await openPicker();
    part(picker, '.trigger')!.click();
    await picker.updateComplete;
    part(picker, 'input')!.focus();
    await sendKeys({ type: '0x55d3' });
    await picker.updateComplete;
    assert.deepEqual(optionTexts(picker), ['USDT']);
    await sendKeys({ type: 'zz' });
    await picker.updateComplete;
    assert.deepEqual(optionTexts(picker), []);
    assert.equal(part(picker, '[role="status"]')!.textContent, 'No token found');
    await sendKeys({ press: 'Escape' });
    await picker.updateComplete;
    assert.isFalse(picker.open, 'the list closed');
    assert.isTrue(dialog.open, 'the dialog stays open');
    assert.deepEqual(picks, []);
  });

  for (const dir of ['ltr', 'rtl'] as const) {
    it(`the chevron points down while closed and up while open (${dir})`, async () => {
      const { picker } = await openPicker(dir);
      const closed = chevronPoint(picker);
      assert.isAbove(closed.y, 3, `points down: ${JSON.stringify(closed)}`);
      assert.isBelow(Math.abs(closed.x), 1);
      part(picker, '.trigger')!.click();
      await picker.updateComplete;
      const open = chevronPoint(picker);
      assert.isBelow(open.y, -3, `points up: ${JSON.stringify(open)}`);
    });
  }

  it('a click on a token picks it', async () => {
    const { picker, picks } = await openPicker();
    part(picker, '.trigger')!.click();
    await picker.updateComplete;
    part(picker, '#option-1')!.click();
    await picker.updateComplete;
    assert.deepEqual(picks, ['1']);
    assert.isFalse(picker.open);
  });
});
