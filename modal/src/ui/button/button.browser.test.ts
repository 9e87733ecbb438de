import { assert } from 'chai';
import './button.js';
import type { MbButton } from './button.js';
import { expectNoAxeViolations } from '../../views/testing/test-helpers.js';

async function make(html: string): Promise<MbButton> {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const button = host.firstElementChild as MbButton;
  await button.updateComplete;
  return button;
}

describe('mb-button', () => {
  afterEach(() => document.body.replaceChildren());

  it('is a native button that takes focus through its host and fires click', async () => {
    const button = await make('<mb-button>Connect</mb-button>');
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    button.focus();
    assert.equal(button.shadowRoot!.activeElement?.tagName, 'BUTTON');
    button.shadowRoot!.querySelector('button')!.click();
    assert.equal(clicks, 1);
    await expectNoAxeViolations(button);
  });

  it('uses `label` as the accessible name of an icon-only button', async () => {
    const button = await make('<mb-button icon-only label="Close"><mb-icon name="close"></mb-icon></mb-button>');
    assert.equal(button.shadowRoot!.querySelector('button')!.getAttribute('aria-label'), 'Close');
    await expectNoAxeViolations(button);
  });

  it('is disabled and busy while loading', async () => {
    const button = await make('<mb-button loading>Wait</mb-button>');
    const native = button.shadowRoot!.querySelector('button')!;
    assert.isTrue(native.disabled);
    assert.equal(native.getAttribute('aria-busy'), 'true');
    assert.exists(button.shadowRoot!.querySelector('mb-spinner'));
  });
});
