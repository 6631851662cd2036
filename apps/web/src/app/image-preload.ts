/** An attribute's value as rendered (already escaped for HTML), or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

/** The `<img>` tag of the first image the markup renders with `fetchPriority="high"`, or undefined. */
function firstHighPriorityImage(markup: string): string | undefined {
  return [...markup.matchAll(/<img\s[^>]*>/g)].map(([img]) => img).find((img) => attribute(img, 'fetchPriority') === 'high');
}

/**
 * `<link rel="preload">` for the first image the page renders with `fetchPriority="high"` (the first
 * card, the detail's cover), with its `srcset` and `sizes`, for `<head>`: the browser asks for the
 * largest image before it has parsed down to the root element. Empty when the page has none.
 */
export function imagePreload(markup: string): string {
  const tag = firstHighPriorityImage(markup);
  if (!tag) return '';
  const srcset = attribute(tag, 'srcset');
  const source = srcset
    ? `imageSrcSet="${srcset}" imageSizes="${attribute(tag, 'sizes') ?? '100vw'}"`
    : `href="${attribute(tag, 'src') ?? ''}"`;
  return `<link rel="preload" as="image" ${source} fetchPriority="high"/>`;
}
