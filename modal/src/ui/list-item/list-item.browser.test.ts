import { assert } from 'chai';
import type { MbListItem } from './list-item.js';
import './list-item.js';

describe('mb-list-item', () => {
  afterEach(() => document.body.replaceChildren());

  it('wraps a long unbroken label (an e-mail) beside its tag at phone width, without overlapping or overflowing', async () => {
    const column = document.createElement('div');
    column.style.width = '290px';
    const item = document.createElement('mb-list-item') as MbListItem;
    item.label = 'visitor-x69u4r07mailboxname@example.org';
    item.tag = 'Update e-mail';
    item.chevron = true;
    column.append(item);
    document.body.append(column);
    await item.updateComplete;
    const button = item.shadowRoot!.querySelector('button')!;
    const label = item.shadowRoot!.querySelector('.label')!.getBoundingClientRect();
    const tag = item.shadowRoot!.querySelector('.tag')!.getBoundingClientRect();
    assert.isAtMost(label.right, tag.left, 'the label ends before the tag starts');
    assert.isAtMost(button.scrollWidth, button.clientWidth, 'nothing overflows the item');
    assert.isAbove(label.height, tag.height * 1.5, 'the label wraps onto more lines');
    assert.isAtMost(tag.height, 24, 'the tag stays on one line');
  });
});
