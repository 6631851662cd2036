import { afterEach, describe, expect, it } from 'vitest';
import { keyThisHistoryEntry } from './history-entry-key';

afterEach(() => window.history.replaceState(null, ''));

describe('keyThisHistoryEntry', () => {
  it('gives a freshly loaded document its own key instead of the shared default', () => {
    window.history.replaceState(null, '');
    keyThisHistoryEntry();
    const first = (window.history.state as { key: string }).key;
    expect(first).toMatch(/^[a-z0-9]+$/);
    expect(first).not.toBe('default');

    window.history.replaceState(null, '');
    keyThisHistoryEntry();
    expect((window.history.state as { key: string }).key).not.toBe(first);
  });

  it('keeps the key and state of an entry the router made (reload, back, forward)', () => {
    window.history.replaceState({ usr: { from: '/x' }, key: 'k1', idx: 3 }, '');
    keyThisHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: '/x' }, key: 'k1', idx: 3 });
  });
});
