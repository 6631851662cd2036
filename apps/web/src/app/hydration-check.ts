import { hydrateInSlices } from '@/lib/hydration-slices';

/**
 * Runs the hydration, in slices (lib/hydration-slices.tsx), and logs an error if it changed what the
 * server's markup says: Preact mends a mismatch without a word, where React would warn, and the browser
 * tests fail on the error (e2e/ssr.spec.ts). What the effects change after hydration is not looked at.
 *
 * Two changes are not mismatches, as the text stays the same: the server writes adjacent texts
 * (`Page {n} of {total}`) as one text node, which hydration splits into the nodes the components
 * render; and it writes nothing for an empty string, which hydration adds as an empty text node.
 */
export function hydrateAndCheck(container: HTMLElement, hydrate: () => void): Promise<void> {
  const observer = new MutationObserver(() => {});
  observer.observe(container, { childList: true, characterData: true, characterDataOldValue: true, subtree: true });
  const check = () => {
    const records = observer.takeRecords();
    const changes = records.filter((record) => !keepsText(record, records));
    if (changes.length > 0) console.error(`Hydration changed the server's markup ${changes.length} times, first in`, changes[0]!.target);
  };
  // The first pass, then each slice as it hydrates; what the effects change between them is not looked at.
  return hydrateInSlices(
    () => {
      hydrate();
      check();
    },
    { before: () => void observer.takeRecords(), after: check },
  ).finally(() => observer.disconnect());
}

/** The texts that follow `text` as sibling nodes, with it: what one server text node became. */
function joinedText(text: Text): string {
  let joined = text.data;
  for (let next = text.nextSibling; next instanceof Text; next = next.nextSibling) joined += next.data;
  return joined;
}

function keepsText(record: MutationRecord, records: MutationRecord[]): boolean {
  if (record.type === 'characterData') return record.target instanceof Text && joinedText(record.target) === record.oldValue;
  // A text node added right after a split one is the rest of it.
  const restOfSplit = (node: Node) => records.some((split) => split.type === 'characterData' && precedes(split.target, node));
  return (
    record.type === 'childList' &&
    record.removedNodes.length === 0 &&
    [...record.addedNodes].every((node) => node instanceof Text && (node.data === '' || restOfSplit(node)))
  );
}

/** Whether `node` comes after `text` in one run of sibling text nodes. */
function precedes(text: Node, node: Node): boolean {
  for (let next = text.nextSibling; next instanceof Text; next = next.nextSibling) if (next === node) return true;
  return false;
}
