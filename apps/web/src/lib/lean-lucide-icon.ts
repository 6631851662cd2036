import { createElement, forwardRef } from 'react';
import { Icon, useLucideContext, type LucideIcon, type LucideIconData, type LucideProps } from 'lucide-react';

/**
 * lucide-react's `createLucideIcon`, as its icon modules import it (vite.config.ts puts this module in
 * its place for them). An icon drawn the default way (no size, colour, stroke or children of its own,
 * and no LucideProvider's) renders the same `<svg>` as lucide's `Icon` would, from parts worked out
 * once per icon and class list; any other goes to lucide's `Icon` itself. lucide works out every
 * attribute of every icon on every render, which cost an eighth of a server-rendered list page (76
 * icons). `lean-lucide-icon.test.tsx` holds the markup to lucide's own.
 */

/** The props that change how lucide draws an icon: given any of them, lucide's `Icon` draws it. */
const DRAWING_PROPS = [
  'color',
  'size',
  'width',
  'height',
  'strokeWidth',
  'absoluteStrokeWidth',
  'nonScalingStroke',
  'children',
  'icon',
  'iconNode',
] as const;

/** The attributes lucide gives every icon, in its order (the markup keeps it). */
const DEFAULT_ATTRIBUTES = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
};

/** Class lists kept per icon: they come from the components' source, so there are few; the map starts over past this. */
const MAX_CLASS_LISTS = 100;

/** Like lucide's `hasA11yProp`: a caller's aria-*, role or title makes the icon meaningful, not hidden. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const name in props)
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null) return true;
  return false;
}

/** lucide's class list: `lucide`, the icon's and its aliases' names, then the caller's, each once. */
function classList(icon: LucideIconData, className: string | undefined): string {
  const names = [
    'lucide',
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...(icon.aliases ?? []).filter((alias) => typeof alias === 'string' && alias.trim() !== '').map((alias) => `lucide-${alias}`),
    ...(className ?? '').split(/\s+/),
  ];
  return [...new Set(names.filter(Boolean))].join(' ');
}

/** Draws the default way: nothing the caller or a provider gave changes the drawing. */
function drawsByDefault(props: Record<string, unknown>, context: Record<string, unknown> | undefined): boolean {
  if (context) for (const name in context) if (context[name] !== undefined) return false;
  return DRAWING_PROPS.every((name) => props[name] == null);
}

export default function createLucideIcon(icon: LucideIconData): LucideIcon {
  const viewBox = `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`;
  const classLists = new Map<string | undefined, string>();
  const Component = forwardRef<SVGSVGElement, LucideProps>(({ className, ...props }, ref) => {
    const context = useLucideContext() as Record<string, unknown> | undefined;
    if (!drawsByDefault(props, context)) return createElement(Icon, { ref, icon, className, ...props });
    let classes = classLists.get(className);
    if (classes === undefined) {
      if (classLists.size >= MAX_CLASS_LISTS) classLists.clear();
      classLists.set(className, (classes = classList(icon, className)));
    }
    const attributes = {
      ref,
      ...DEFAULT_ATTRIBUTES,
      viewBox,
      className: classes,
      ...(hasA11yProp(props) ? {} : { 'aria-hidden': 'true' }),
      ...props,
    };
    return createElement('svg', attributes, [
      ...icon.node.map(([tag, nodeAttributes]) => createElement(tag, nodeAttributes)),
      undefined,
    ]);
  });
  if (icon.name) Component.displayName = icon.name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return Component;
}
