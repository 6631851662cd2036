import { describe, expect, it } from 'vitest';
import { keepRadixFocusGuardsOutOfTabOrder } from './radix-focus-guards';

const guard = () => {
  const span = document.createElement('span');
  span.setAttribute('data-radix-focus-guard', '');
  span.tabIndex = 0;
  return span;
};

describe('keepRadixFocusGuardsOutOfTabOrder', () => {
  it('takes the guards out of the tab order, those there already and those added later, and nothing else', async () => {
    const root = document.createElement('div');
    const early = root.appendChild(guard());
    const observer = keepRadixFocusGuardsOutOfTabOrder(root);
    const late = root.appendChild(guard());
    const button = root.appendChild(document.createElement('span'));
    button.tabIndex = 0;
    await Promise.resolve();
    expect([early.tabIndex, late.tabIndex, button.tabIndex]).toEqual([-1, -1, 0]);
    observer.disconnect();
  });
});
