/**
 * Where relative image references live. The server stores files under /uploads; a build may point
 * elsewhere (a CDN) with VITE_IMAGE_BASE_URL.
 */
export const IMAGE_BASE_URL: string = (import.meta.env.VITE_IMAGE_BASE_URL as string | undefined) || '/uploads';

/** An image reference as the API or a form may hold it: a URL string or an object with a url. */
export type ImageRef = string | { url?: string | null } | null | undefined;

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves the three shapes of image reference: a full URL string, an object with a `url` field,
 * or a path relative to the image base address. Root-relative paths (/uploads/...) stay on this origin.
 */
export function resolveImageUrl(ref: ImageRef): string | null {
  const raw = (typeof ref === 'string' ? ref : ref?.url)?.trim();
  if (!raw) return null;
  if (ABSOLUTE.test(raw) || raw.startsWith('/')) return raw;
  return `${IMAGE_BASE_URL.replace(/\/+$/, '')}/${raw.replace(/^\.?\/+/, '')}`;
}

/** `srcset` from resized versions ({width, url}); undefined when there are none. */
export function imageSrcSet(sizes: readonly { width: number; url: string }[] | null | undefined): string | undefined {
  if (!sizes?.length) return undefined;
  const parts = sizes
    .map((s) => {
      const url = resolveImageUrl(s.url);
      return url ? `${url} ${s.width}w` : null;
    })
    .filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}
