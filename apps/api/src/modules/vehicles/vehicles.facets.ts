import { BODY_TYPES, DRIVETRAINS, type VehicleFacet, type VehicleFacets } from '@dealer/shared';
import type { MakeModelCount } from './vehicles.repository';

/** A bound on the choices sent, far above any real lot. */
export const FACETS_MAX = 500;

/**
 * One choice per name whatever its case, spelt as most of its listings spell it (the smaller spelling
 * on a tie), in alphabetical order of the name.
 */
function choices(counts: Iterable<[spelling: string, count: number]>): VehicleFacet[] {
  const byName = new Map<string, { value: string; count: number; top: number }>();
  for (const [value, n] of counts) {
    const key = value.toLowerCase();
    const seen = byName.get(key);
    if (!seen) byName.set(key, { value, count: n, top: n });
    else {
      seen.count += n;
      if (n > seen.top || (n === seen.top && value < seen.value)) Object.assign(seen, { value, top: n });
    }
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FACETS_MAX)
    .map(([, { value, count: n }]) => ({ value, count: n }));
}

function sumBy(rows: readonly MakeModelCount[], field: 'make' | 'model' | 'bodyType' | 'drivetrain'): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row[field], (sums.get(row[field]) ?? 0) + row.count);
  return sums;
}

/** The values of a fixed list that listings have, in the list's order, with their counts. */
function listed(values: readonly string[], sums: Map<string, number>): VehicleFacet[] {
  return values.flatMap((value) => {
    const n = sums.get(value) ?? 0;
    return n > 0 ? [{ value, count: n }] : [];
  });
}

/**
 * The make choices, the model choices of `make` (matched ignoring case), and the body types and drivetrains
 * of every public listing, from the kept counts.
 */
export function facetsFrom(rows: readonly MakeModelCount[], make?: string): VehicleFacets {
  const key = make?.toLowerCase();
  return {
    makes: choices(sumBy(rows, 'make')),
    models: key === undefined ? [] : choices(sumBy(rows.filter((row) => row.make.toLowerCase() === key), 'model')),
    bodyTypes: listed(BODY_TYPES, sumBy(rows, 'bodyType')),
    drivetrains: listed(DRIVETRAINS, sumBy(rows, 'drivetrain')),
  };
}

/** The filters of a visitor's list whose total the kept counts hold. */
export interface KeptCountFilter {
  make?: string;
  model?: string;
  bodyType?: string;
  drivetrain?: string;
}

/**
 * The public listings of a make, a model, a body type or a drivetrain (any of them together), counted from the
 * same rows: make and model ignoring case, as the list's statement compares them and as the facets group them.
 */
export function totalMatching(rows: readonly MakeModelCount[], filter: KeptCountFilter): number {
  const make = filter.make?.toLowerCase();
  const model = filter.model?.toLowerCase();
  let total = 0;
  for (const row of rows) {
    if (make !== undefined && row.make.toLowerCase() !== make) continue;
    if (model !== undefined && row.model.toLowerCase() !== model) continue;
    if (filter.bodyType !== undefined && row.bodyType !== filter.bodyType) continue;
    if (filter.drivetrain !== undefined && row.drivetrain !== filter.drivetrain) continue;
    total += row.count;
  }
  return total;
}

/** Every public listing, counted from the same rows. */
export function totalOf(rows: readonly MakeModelCount[]): number {
  return rows.reduce((sum, row) => sum + row.count, 0);
}
