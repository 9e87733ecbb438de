import { assert } from 'chai';
import './toast.js';
import type { MbToast } from './toast.js';

describe('mb-toast', () => {
  it('announces errors as alerts and other variants as status', async () => {
    const toast = document.createElement('mb-toast') as MbToast;
    toast.textContent = 'Signature declined';
    toast.variant = 'error';
    document.body.append(toast);
    await toast.updateComplete;
    assert.equal(toast.shadowRoot!.querySelector('.toast')!.getAttribute('role'), 'alert');
    toast.variant = 'loading';
    await toast.updateComplete;
    assert.equal(toast.shadowRoot!.querySelector('.toast')!.getAttribute('role'), 'status');
    assert.exists(toast.shadowRoot!.querySelector('mb-spinner'));
    toast.remove();
  });
});
