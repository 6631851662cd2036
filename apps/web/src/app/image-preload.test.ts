import { describe, expect, it } from 'vitest';
import { imagePreload } from './image-preload';

describe('imagePreload: the head link for the first high-priority image', () => {
  it('preloads the first high-priority image with its srcset and sizes', () => {
    const markup =
      '<div><img src="/a.webp" alt="a" loading="lazy"/><img src="/b.webp" srcset="/b-480.webp 480w, /b.webp 960w" sizes="(min-width: 640px) 50vw, 100vw" fetchPriority="high" alt="b"/>' +
      '<img src="/c.webp" fetchPriority="high"/></div>';
    expect(imagePreload(markup)).toBe(
      '<link rel="preload" as="image" imageSrcSet="/b-480.webp 480w, /b.webp 960w" imageSizes="(min-width: 640px) 50vw, 100vw" fetchPriority="high"/>',
    );
  });

  it('falls back to the src, and to 100vw without sizes', () => {
    expect(imagePreload('<p>x</p><img fetchpriority="high" src="/cover.webp" alt=""/>')).toBe(
      '<link rel="preload" as="image" href="/cover.webp" fetchPriority="high"/>',
    );
    expect(imagePreload('<img srcset="/s.webp 1x" fetchPriority="high"/>')).toBe(
      '<link rel="preload" as="image" imageSrcSet="/s.webp 1x" imageSizes="100vw" fetchPriority="high"/>',
    );
  });

  it('is empty without a high-priority image, or when only another element has the attribute', () => {
    expect(imagePreload('<div><img src="/a.webp" fetchPriority="low"/></div>')).toBe('');
    expect(imagePreload('<link href="/x" fetchPriority="high"/><imgx fetchPriority="high"/><p>fetchPriority="high"</p>')).toBe(
      '',
    );
    expect(imagePreload('')).toBe('');
  });

  it('skips a high-priority element that is not an image and finds the image after it', () => {
    expect(imagePreload('<iframe fetchPriority="high"></iframe><img src="/d.webp" fetchPriority="high"/>')).toBe(
      '<link rel="preload" as="image" href="/d.webp" fetchPriority="high"/>',
    );
  });

  it('reads only a whole <img> tag: a tag cut off at the end, or "<img" not followed by a space, is not one', () => {
    expect(imagePreload('<img\nsrc="/e.webp"\tfetchPriority="high"/>')).toBe('<link rel="preload" as="image" href="/e.webp" fetchPriority="high"/>');
    expect(imagePreload('<img src="/f.webp" fetchPriority="high"')).toBe('');
    expect(imagePreload('<img>x<img/><IMG src="/g.webp" fetchPriority="high"/><img src="/h.webp" fetchPriority="high">')).toBe(
      '<link rel="preload" as="image" href="/h.webp" fetchPriority="high"/>',
    );
  });
});
