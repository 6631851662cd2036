import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Small images made in the test, so uploads go through the real photo pipeline. */

export function pngImage(width = 32, height = 32, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpegImage(width = 32, height = 32, color = '#cc3333'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera and orientation), to prove it is dropped. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#16a34a' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', Orientation: '6' } })
    .toBuffer();
}

/** Starts with PNG's signature, then grows past 5 MB. */
export function oversizedPng(bytes = 6 * 1024 * 1024): Buffer {
  const data = Buffer.alloc(bytes, 1);
  PNG_SIGNATURE.copy(data);
  return data;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small, valid-looking PNG whose header claims width x height greyscale pixels (a decompression
 * bomb); its body holds the first `rows` rows of zeros, highly compressible, like a real bomb's start.
 */
export function pixelBomb(width: number, height: number, rows = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * rows, 0))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
