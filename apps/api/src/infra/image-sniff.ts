/** What an upload really is, from its first bytes (names and declared types are not trusted). */
export type SniffedImage = 'png' | 'jpeg';

export function sniffImage(data: Buffer): SniffedImage | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}
