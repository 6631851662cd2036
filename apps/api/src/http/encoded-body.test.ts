import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, EncodedBody, preferredEncoding, utf8 } from './encoded-body';

describe('utf8', () => {
  it("writes a string's UTF-8 bytes, as Buffer.from does, for one-byte, two-byte and astral text", () => {
    for (const text of ['', 'plain ascii', 'caf\u00e9 \u00a9', 'Mon\u2013Sat'.repeat(2000), 'a car \u{1F697} and a lone \ud800 half']) {
      expect(utf8(text).equals(Buffer.from(text))).toBe(true);
    }
  });
});

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, as the client accepts them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
  });

  it('answers identity when nothing usable is accepted', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });
});

describe('EncodedBody', () => {
  const text = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Vehicle ${i} – Ünïcode` })) });

  it('keeps the text as UTF-8 bytes and compresses each encoding once', () => {
    const body = new EncodedBody(text);
    expect(body.identity.toString('utf8')).toBe(text);
    const br = body.bytes('br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
    expect(gunzipSync(body.bytes('gzip')).toString('utf8')).toBe(text);
    expect(body.bytes('br')).toBe(br);
    expect(br.length).toBeLessThan(body.identity.length);
  });

  it('compresses a quick-first body quickly for its first send in an encoding, then once more, well, for every later one', () => {
    const body = new EncodedBody(text, { quickFirst: true });
    const full = new EncodedBody(text).bytes('br');
    const first = body.bytes('br');
    expect(brotliDecompressSync(first).toString('utf8')).toBe(text);
    expect(first.length).toBeGreaterThan(full.length);
    const again = body.bytes('br');
    expect(again.equals(full)).toBe(true);
    expect(body.bytes('br')).toBe(again);
    // Each encoding starts quick on its own.
    const gzipFirst = body.bytes('gzip');
    expect(gunzipSync(gzipFirst).toString('utf8')).toBe(text);
    const gzipFull = new EncodedBody(text).bytes('gzip');
    expect(gzipFirst.equals(gzipFull)).toBe(false);
    expect(body.bytes('gzip').equals(gzipFull)).toBe(true);
  });

  it('leaves a small body uncompressed', () => {
    const small = new EncodedBody('x'.repeat(COMPRESSION_THRESHOLD - 1));
    expect(small.bytes('br')).toBe(small.identity);
  });
});
