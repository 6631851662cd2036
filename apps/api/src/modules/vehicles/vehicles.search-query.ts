/** Words of a search as a prefix query ('toyo cam' -> 'toyo:* & cam:*'); only letters and digits pass. */
export function toPrefixQuery(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w}:*`)
    .join(' & ');
}
