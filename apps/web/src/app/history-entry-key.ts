/**
 * Gives the current history entry a key of its own when it has none. The router calls the entry of
 * a freshly loaded document 'default', so every address typed into the tab shared one saved scroll
 * position and opened wherever the previous page was left. With its own key, a new document starts
 * at the top, while reload, back and forward (whose entries keep their state) restore the position.
 */
export function keyThisHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== 'default') return;
  history.replaceState({ usr: null, ...current, key: Math.random().toString(36).slice(2, 10) }, '');
}
