import { describe, expect, it } from 'vitest';
import { imageSrcSet, resolveImageUrl } from './image-url';

describe('resolveImageUrl', () => {
  it('keeps a full URL string', () => {
    expect(resolveImageUrl('https://cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
    expect(resolveImageUrl('blob:http://localhost/123')).toBe('blob:http://localhost/123');
  });
  it('reads the url field of an object', () => {
    expect(resolveImageUrl({ url: '/uploads/vehicles/x.webp' })).toBe('/uploads/vehicles/x.webp');
  });
  it('prefixes a relative path with the image base address', () => {
    expect(resolveImageUrl('vehicles/x.webp')).toBe('/uploads/vehicles/x.webp');
    expect(resolveImageUrl({ url: './avatars/y.webp' })).toBe('/uploads/avatars/y.webp');
  });
  it('answers null for nothing', () => {
    expect(resolveImageUrl(null)).toBeNull();
    expect(resolveImageUrl({ url: '' })).toBeNull();
    expect(resolveImageUrl('  ')).toBeNull();
  });
  it('builds a srcset from resized versions', () => {
    expect(
      imageSrcSet([
        { width: 320, url: 'a-320.webp' },
        { width: 640, url: '/b-640.webp' },
      ]),
    ).toBe('/uploads/a-320.webp 320w, /b-640.webp 640w');
    expect(imageSrcSet([])).toBeUndefined();
  });
});
