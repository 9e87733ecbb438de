import { assert } from 'chai';
import { defineElement } from './define.js';
import { MbButton } from './button/button.js';

describe('defineElement', () => {
  it('leaves a tag that is already defined alone (the library loaded twice)', () => {
    class Other extends HTMLElement {}
    defineElement('mb-button', Other);
    assert.equal(customElements.get('mb-button'), MbButton);
  });

  it('defines a new tag', () => {
    class Fresh extends HTMLElement {}
    defineElement('mb-test-fresh', Fresh);
    assert.equal(customElements.get('mb-test-fresh'), Fresh);
  });
});
