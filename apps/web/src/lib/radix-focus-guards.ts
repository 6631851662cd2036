/**
 * Radix puts an empty, focusable `<span data-radix-focus-guard tabindex="0">` at each end of the page
 * while a dialog, menu or list box is open, so that Tab cannot leave it. A keyboard or screen reader
 * user can land on those unnamed spans (axe: focus-order-semantics; radix-ui/primitives#3593). Our
 * overlays keep the focus inside with their own focus scope (Tab wraps at both ends), so the guards are
 * taken out of the tab order as they appear; they still catch focus moved by script.
 */
export function keepRadixFocusGuardsOutOfTabOrder(root: HTMLElement = document.body): MutationObserver {
  const settle = (node: Node) => {
    if (node instanceof HTMLElement && node.hasAttribute('data-radix-focus-guard')) node.tabIndex = -1;
  };
  const observer = new MutationObserver((mutations) => mutations.forEach((m) => m.addedNodes.forEach(settle)));
  observer.observe(root, { childList: true });
  root.querySelectorAll('[data-radix-focus-guard]').forEach(settle);
  return observer;
}
