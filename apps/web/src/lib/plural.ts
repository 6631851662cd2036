import { formatNumber } from '@dealer/shared';

/** '1 Vehicle', '2 Vehicles', '1,234 records': a count with its noun agreeing in number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}
