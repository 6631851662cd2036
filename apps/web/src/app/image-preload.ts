/** An attribute of a rendered tag: its value (already escaped for HTML) is the first group. */
const ATTRIBUTES = {
  fetchPriority: /\sfetchPriority="([^"]*)"/i,
  srcset: /\ssrcset="([^"]*)"/i,
  sizes: /\ssizes="([^"]*)"/i,
  src: /\ssrc="([^"]*)"/i,
};

function attribute(tag: string, name: keyof typeof ATTRIBUTES): string | undefined {
  return ATTRIBUTES[name].exec(tag)?.[1];
}

/**
 * The `<img>` tag of the first image the markup renders with `fetchPriority="high"`, or undefined. The
 * scan stops there: that image is the first card's or the cover, near the start of a page's images.
 */
function firstHighPriorityImage(markup: string): string | undefined {
  for (const [img] of markup.matchAll(/<img\s[^>]*>/g)) if (attribute(img, 'fetchPriority') === 'high') return img;
  return undefined;
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
