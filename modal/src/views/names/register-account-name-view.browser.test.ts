import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { deepActive, deepText, dialogName, expectNoAxeViolations, fieldAnnouncement, fieldError, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbRegisterAccountNameView } from './register-account-name-view.js';
import { assertErrorLineFits } from '../testing/error-line.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const record = (name: string) => ({
  name,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { '2147483704': { address: testAddress, created: '2026-01-01T00:00:00.000Z' } },
  attributes: [],
});

async function openNames(service: { taken?: string[]; suggestionsFail?: boolean; lookupFail?: boolean } = {}) {
  const harness = createTestControllers({
    routes: (url) => {
      const lookup = /\/v1\/profile\/account\/(.+)$/.exec(url.pathname);
      if (lookup) {
        if (service.lookupFail) return json({ error: 'down' }, 500);
        const name = decodeURIComponent(lookup[1]);
        return service.taken?.includes(name) ? json(record(name)) : json({ error: 'not registered' }, 404);
      }
      if (url.pathname.includes('/v1/profile/suggestions/')) {
        if (service.suggestionsFail) return json({ error: 'down' }, 500);
        const label = decodeURIComponent(url.pathname.split('/').pop()!).replace('.reown.id', '');
        const typed = `${label}.reown.id`;
        return json({
          suggestions: [{ name: typed, registered: service.taken?.includes(typed) ?? false }, { name: `${label}-app.reown.id`, registered: false }, { name: `${label}1.reown.id`, registered: true }],
        });
      }
      return undefined;
    },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'RegisterAccountName' });
  const view = await waitForView<MbRegisterAccountNameView>(modal, 'mb-register-account-name-view');
  return { ...harness, modal, view };
}

const input = (view: HTMLElement) => view.shadowRoot!.querySelector('mb-input')!.shadowRoot!.querySelector('input')!;
/** What the view says of the name: the field's error when the name will not do, else the status line. */
const statusText = (view: HTMLElement) => fieldError(view)?.textContent?.trim() || deepText(view.shadowRoot!.querySelector('[role="status"]')!).trim();
const alertText = (view: HTMLElement) => {
  const alert = view.shadowRoot!.querySelector('[role="alert"]');
  return alert ? deepText(alert).trim() : '';
};
const registerButton = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll('mb-button')].at(-1)!;

async function typeName(view: HTMLElement, text: string) {
  const field = input(view);
  field.focus();
  field.select();
  await sendKeys({ press: 'Backspace' });
  if (text) await sendKeys({ type: text });
}

describe('RegisterAccountName view', () => {
  afterEach(() => document.body.replaceChildren());

  it('puts the focus in the name field when it opens', async () => {
    const { view } = await openNames();
    await waitFor(() => deepActive() === input(view));
    await sendKeys({ type: 'alice' });
    await waitFor(() => input(view).value === 'alice');
  });

  it('explains each name rule as the user types, then shows availability, and suggestions only for a taken name (axe clean)', async () => {
    const { view, modal } = await openNames({ taken: ['alice.reown.id'] });
    assert.equal(dialogName(modal), 'Choose Name');
    assert.include(deepText(view.shadowRoot!), 'At least 4 characters: letters, digits and hyphens.');
    await typeName(view, 'abc');
    await waitFor(() => statusText(view) === 'A name needs at least 4 characters.', 3000, 'too short');
    assert.deepEqual(fieldAnnouncement(input(view)), { invalid: true, description: 'A name needs at least 4 characters.', announced: true });
    assert.isTrue(registerButton(view).hasAttribute('disabled'));
    await typeName(view, 'ab_cd');
    await waitFor(() => statusText(view) === 'Use only letters, digits and hyphens.', 3000, 'characters');
    await typeName(view, 'carol');
    await waitFor(() => statusText(view) === 'carol.reown.id is available', 3000, 'available');
    assert.isFalse(fieldAnnouncement(input(view)).invalid, 'a free name is no error');
    assert.isFalse(registerButton(view).hasAttribute('disabled'));
    assert.isNull(view.shadowRoot!.querySelector('.suggestions'), 'a free name needs no other names');
    await typeName(view, 'alice');
    await waitFor(() => statusText(view) === 'alice.reown.id is already taken', 3000, 'taken');
    assert.deepEqual(fieldAnnouncement(input(view)), { invalid: true, description: 'alice.reown.id is already taken', announced: true });
    const suggestions = [...view.shadowRoot!.querySelectorAll('.suggestions mb-button')].map((b) => deepText(b).trim());
    assert.deepEqual(suggestions, ['alice-app.reown.id']);
    await expectNoAxeViolations(modal);
  });

  it('a suggestion is taken with the keyboard, and registering without the embedded wallet says why it cannot', async () => {
    const { view } = await openNames({ taken: ['alice.reown.id'] });
    await typeName(view, 'alice');
    await waitFor(() => view.shadowRoot!.querySelector('.suggestions mb-button'), 3000, 'suggestions');
    for (let i = 0; i < 6 && deepText(deepActive()?.getRootNode() instanceof ShadowRoot ? ((deepActive()!.getRootNode() as ShadowRoot).host as Node) : document.body).trim() !== 'alice-app.reown.id'; i++) {
      await sendKeys({ press: 'Tab' });
    }
    await sendKeys({ press: 'Enter' });
    await waitFor(() => input(view).value === 'alice-app.reown.id', 3000, 'suggestion taken');
    await waitFor(() => statusText(view) === 'alice-app.reown.id is available', 3000, 'available');
    input(view).focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => alertText(view) === 'Address or auth connector not found', 3000, 'auth error');
    assert.equal(input(view).value, 'alice-app.reown.id', 'the name is kept');
  });

  it('its error lines wrap inside the dialog in at most two lines, a long name breaking where it must', async () => {
    const name = 'the-longest-name-a-minibot-collector-could-think-of-for-a-pass.reown.id';
    const { modal, view } = await openNames({ taken: [name] });
    await typeName(view, name);
    await waitFor(() => statusText(view) === `${name} is already taken`, 3000, 'taken');
    const status = fieldError(view)!;
    assert.isTrue(fieldAnnouncement(input(view)).invalid);
    assertErrorLineFits(modal, status);
    await typeName(view, 'alice-app');
    await waitFor(() => statusText(view) === 'alice-app.reown.id is available', 3000, 'available');
    input(view).focus();
    await sendKeys({ press: 'Enter' });
    const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 3000, 'the error');
    assert.equal(deepText(alert), 'Address or auth connector not found');
    assertErrorLineFits(modal, alert, { wraps: false });
  });

  it('a taken name cannot be registered', async () => {
    const { view } = await openNames({ taken: ['alice.reown.id'] });
    await typeName(view, 'alice');
    await waitFor(() => statusText(view) === 'alice.reown.id is already taken', 3000, 'taken');
    assert.isTrue(registerButton(view).hasAttribute('disabled'));
  });

  it('shows Error fetching name suggestions and Error resolving name', async () => {
    const failing = await openNames({ suggestionsFail: true, taken: ['alice.reown.id'] });
    await typeName(failing.view, 'alice');
    await waitFor(() => alertText(failing.view) === 'Error fetching name suggestions', 3000, 'suggestions error');
    document.body.replaceChildren();
    const broken = await openNames({ lookupFail: true, suggestionsFail: true });
    await typeName(broken.view, 'alice');
    await waitFor(() => alertText(broken.view) === 'Error resolving name', 3000, 'lookup error');
    assert.isTrue(registerButton(broken.view).hasAttribute('disabled'));
  });
});
