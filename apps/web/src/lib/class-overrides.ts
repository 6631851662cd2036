import { clsx, type ClassValue } from 'clsx';

/**
 * What a Tailwind class sets, for the utilities our components' own classes use: two classes of one
 * group set the same CSS property. Classes of no group set nothing a component's own classes set.
 * First match wins.
 */
const GROUPS: [name: string, test: RegExp][] = [
  ['display', /^(block|inline-block|inline|flex|inline-flex|table|inline-table|flow-root|grid|inline-grid|contents|list-item|hidden)$/],
  ['flex-direction', /^flex-(row|col)(-reverse)?$/],
  ['grid-cols', /^grid-cols-/],
  ['align-items', /^items-/],
  ['justify-content', /^justify-(start|end|center|between|around|evenly|stretch|baseline|normal)$/],
  ['gap', /^gap-(?![xy]-)/],
  ['white-space', /^whitespace-/],
  ['overflow', /^overflow-(auto|hidden|clip|visible|scroll)$/],
  ['rounded', /^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/],
  ['font-size', /^text-((xs|sm|base|lg|xl|\dxl)(\/\S+)?|\[\d[^\]]*\])$/],
  ['text-align', /^text-(left|center|right|justify|start|end)$/],
  ['text-overflow', /^text-(ellipsis|clip)$/],
  ['text-wrap', /^text-(wrap|nowrap|balance|pretty)$/],
  ['font-weight', /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['text-transform', /^(uppercase|lowercase|capitalize|normal-case)$/],
  ['text-decoration', /^(underline|overline|line-through|no-underline)$/],
  ['underline-offset', /^underline-offset-/],
  ['transition', /^transition(-(all|colors|opacity|shadow|transform|none|\[.+\]))?$/],
  ['outline-offset', /^-?outline-offset-/],
  ['outline-width', /^outline(-\d+)?$/],
  ['outline-style', /^outline-(none|hidden|dashed|dotted|double|solid)$/],
  ['outline-color', /^outline-/],
  ['line-clamp', /^line-clamp-/],
  ['pointer-events', /^pointer-events-/],
  ['cursor', /^cursor-/],
  ['opacity', /^opacity-/],
  ['shadow', /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/],
  ['object-fit', /^object-(contain|cover|fill|none|scale-down)$/],
  ['flex', /^flex-(\d+|auto|initial|none|\[.+\])$/],
  ['grow', /^grow(-\d+)?$/],
  ['shrink', /^shrink(-\d+)?$/],
  ['size', /^size-/],
  ['width', /^w-/],
  ['height', /^h-/],
  ['min-height', /^min-h-/],
  ['padding', /^p-/],
  ['padding-x', /^px-/],
  ['padding-y', /^py-/],
  ['padding-right', /^pr-/],
  ['padding-left', /^pl-/],
  ['padding-top', /^pt-/],
  ['padding-bottom', /^pb-/],
  ['border-width', /^border(-(\d+|px))?$/],
  // As tailwind-merge: what is no other group of the prefix is a colour (`bg-gradient-to-br` too, a name Tailwind 4 dropped).
  ['border-color', /^border-(?!(solid|dashed|dotted|double|hidden|none|collapse|separate)$|[xytrblse](-|$)|spacing-)/],
  ['background-color', /^bg-(?!(fixed|local|scroll|auto|cover|contain|none|repeat|no-repeat|center|top|bottom|left|right)$|(clip|origin|repeat|linear|radial|conic|blend|position|size|top|bottom|left|right)-|\[url)/],
  ['text-color', /^text-/],
];
/** A later class of the key's group also undoes an earlier class of these (as `p-4` undoes `px-2`). */
const ALSO_OVERRIDES: Record<string, string[]> = {
  size: ['width', 'height'],
  'line-clamp': ['display', 'overflow'],
  flex: ['grow', 'shrink'],
  padding: ['padding-x', 'padding-y', 'padding-right', 'padding-left', 'padding-top', 'padding-bottom'],
  'padding-x': ['padding-right', 'padding-left'],
  'padding-y': ['padding-top', 'padding-bottom'],
};

/** `hover:bg-white` → ['hover:', 'background-color']; null for a class of no group. */
function groupOf(token: string): [variants: string, group: string] | null {
  let split = -1;
  for (let i = 0, depth = 0; i < token.length; i++) {
    if (token[i] === '[') depth++;
    else if (token[i] === ']') depth--;
    else if (token[i] === ':' && depth === 0) split = i;
  }
  const variants = split >= 0 ? token.slice(0, split + 1) : '';
  const utility = token.slice(split + 1).replace(/^!/, '');
  const group = GROUPS.find(([, test]) => test.test(utility))?.[0];
  return group ? [variants, group] : null;
}

/** `own` with the classes of `extra` that set what one of its classes sets removed, then `extra`. */
function merge(own: string, extra: string): string {
  const overridden = new Set<string>();
  for (const token of extra.split(' ')) {
    const found = groupOf(token);
    if (!found) continue;
    const [variants, group] = found;
    for (const g of [group, ...(ALSO_OVERRIDES[group] ?? [])]) overridden.add(variants + g);
  }
  const kept = own.split(' ').filter((token) => {
    const found = groupOf(token);
    return !found || !overridden.has(found[0] + found[1]);
  });
  return [...kept, extra].join(' ');
}

/**
 * Merged class lists by their two inputs: the pairs come from the components' source, so there are few,
 * and a page asks for the same ones many times (a server render spent 6% of its time merging them).
 */
const mergedClasses = new Map<string, string>();
/** A bound for callers that build classes from data: the map starts over past it. */
const MAX_MERGED = 1_000;

/**
 * A component's own classes, then the caller's: where the caller's set what the component's set
 * (`size-11` on an avatar of `size-9`), the component's give way, as tailwind-merge would decide,
 * without its 9 KB on every visitor's first load. Covers the groups of GROUPS only; `class-overrides.test.ts`
 * holds it to tailwind-merge for every class the app's source uses.
 */
export function withOverrides(own: string, ...callers: ClassValue[]): string {
  const extra = clsx(callers);
  if (!extra) return own;
  const key = `${own}\n${extra}`;
  let merged = mergedClasses.get(key);
  if (merged === undefined) {
    if (mergedClasses.size >= MAX_MERGED) mergedClasses.clear();
    mergedClasses.set(key, (merged = merge(own, extra)));
  }
  return merged;
}
