import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { MbInputEvent, type MbInput } from './input.js';
import { expectNoAxeViolations } from '../../views/testing/test-helpers.js';

describe('mb-input', () => {
  it('fires a typed mb-input event with the text on every edit, and has an accessible label', async () => {
    const input = document.createElement('mb-input') as MbInput;
    input.label = 'Search wallets';
    input.type = 'search';
    document.body.append(input);
    await input.updateComplete;
    const values: string[] = [];
    input.addEventListener('mb-input', (event) => {
      assert.instanceOf(event, MbInputEvent);
      values.push(event.value);
    });
    input.focus();
    await sendKeys({ type: 'tru' });
    assert.deepEqual(values, ['t', 'tr', 'tru']);
    assert.equal(input.value, 'tru');
    await expectNoAxeViolations(input);
    input.remove();
  });
});
