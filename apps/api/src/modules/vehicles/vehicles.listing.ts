import {
  DEFAULT_VEHICLE_SORT,
  PAGE_SIZES,
  type Vehicle,
  type VehicleFacets,
  type VehicleFacetsQuery,
  type VehicleListQuery,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import { pageMeta } from '../../http/envelope';
import { createBoundedCache } from '../../infra/bounded-cache';
import { NotFoundError } from '../../infra/errors';
import { createRefreshingCache } from '../../infra/refreshing-cache';
import { isUuid } from '../../infra/uuid';
import type { VehiclesContext } from './vehicles.context';
import { facetsFrom, totalMatching, totalOf } from './vehicles.facets';
import * as repo from './vehicles.repository';
import { canSee, isListingStaff, isPublicStatus, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';
import { createPageMarks } from './vehicles.page-marks';
import { toPrefixQuery } from './vehicles.search-query';
import { priceGuide, pricingOf } from './vehicles.price-history';

export interface ListingCacheOptions {
  config?: Pick<AppDeps['config'], 'NODE_ENV'>;
  changes?: Pick<AppDeps['changes'], 'onChange'> & Partial<Pick<AppDeps['changes'], 'connected'>>;
  /** When cached rows expire (milliseconds; Date.now unless a test moves time). */
  now?: () => number;
}

/** How long a public listing's row is reused without a write (a missed change message is stale this long at most). */
const LISTED_ROW_MS = 5000;
/** About 170 pages of rows (a few MB): the first pages of the usual filters and sorts, which most visitors ask. */
const LISTED_ROWS_KEPT = 2000;

/** The facets (per make asked) and the totals (per filter asked) kept beside the counts they come from (a lot has far fewer). */
const FACET_ANSWERS_KEPT = 200;

/** The kept make and model counts, their sum, and the facets and filtered totals computed from them, by what was asked. */
interface MakeModelCounts {
  rows: repo.MakeModelCount[];
  total: number;
  facets: Map<string | undefined, VehicleFacets>;
  totals: Map<string, number>;
}

/** Reading listings: the public list with its cached totals and make choices, a seller's own, a buyer's purchases, one listing. */
export function createVehicleListing(ctx: VehiclesContext, deps: ListingCacheOptions) {
  const { db, hydrate, present, findVisible, findEditable, detail } = ctx;
  // Tests insert rows behind the service's back, so they always count.
  const testing = deps.config?.NODE_ENV === 'test';
  // Another node's write (deps.changes) empties both: the totals and choices it may have changed are counted again.
  // The totals of filtered lists, a visitor's or staff's (the filter says which, and is the key).
  const filteredCounts = createRefreshingCache<number>({
    freshMs: testing ? 0 : 5000,
    maxAgeMs: 60_000,
    maxEntries: 500,
    changes: deps.changes,
  });
  // The make choices (at most a minute old, says the contract) and the unfiltered total, from the sums the
  // triggers keep (one small statement, whatever the number of listings), so kept only briefly.
  // The sum is kept beside the rows, and so are the facets once asked (per make): adding up a few thousand rows
  // on every unfiltered page, or for every facets answer, showed in the profile.
  const makeModelCounts = createRefreshingCache<MakeModelCounts>({
    freshMs: testing ? 0 : 1000,
    maxAgeMs: 60_000,
    maxEntries: 1,
    changes: deps.changes,
  });
  const countsByMakeAndModel = () =>
    makeModelCounts.get('', async () => {
      const rows = await repo.publicMakeModelCounts(db);
      return { rows, total: totalOf(rows), facets: new Map(), totals: new Map() };
    });
  /** Unfiltered, the public total is the sum of the make and model counts the facets already keep. */
  // Where deep pages of the public lists start (kept outside tests, which write behind the service's back).
  const pageMarks = createPageMarks({ enabled: !testing, changes: deps.changes });
  // A public page's rows (listing, owner, photos) by id, shared by every filter, sort and page that shows
  // them: a page asked for the first time still walks its index for its ids, then reads only the rows no
  // recent page read. Any write empties it (this node's at once, another node's through deps.changes), and
  // while the change bus is away nothing is reused (the bounded cache's `connected`).
  const listedRowCache = createBoundedCache<repo.ListedVehicleRow>({
    ttlMs: testing ? 0 : LISTED_ROW_MS,
    maxEntries: LISTED_ROWS_KEPT,
    changes: deps.changes,
    now: deps.now,
  });
  const publicRows = async (ids: readonly string[]): Promise<repo.ListedVehicleRow[]> => {
    const generation = listedRowCache.generation;
    const kept = ids.map((id) => listedRowCache.get(id));
    const missing = ids.filter((_, i) => kept[i] === undefined);
    if (missing.length === 0) return kept as repo.ListedVehicleRow[];
    const read = new Map((await repo.listedRows(db, missing)).map((row) => [row.id, row]));
    for (const row of read.values()) listedRowCache.set(row.id, row, generation);
    // A listing removed between the two statements is left out, as listVehicles leaves it out.
    return ids.flatMap((id, i) => kept[i] ?? read.get(id) ?? []);
  };
  const countFiltered = (filter: repo.VehicleFilter) =>
    filteredCounts.get(JSON.stringify(filter), () => repo.countVehicles(db, filter));
  /**
   * A visitor's total: unfiltered, or by make, model, body type and drivetrain alone, from the kept counts (no
   * scan: a make's count read 61,949 rows of a million, 180-250 ms, and its refresh every few seconds stalled the
   * requests around it); any other filter counted and kept.
   */
  const countPublic = async (filter: repo.VehicleFilter) => {
    if (isUnfiltered(filter)) return (await countsByMakeAndModel()).total;
    if (!isKeptCountFilter(filter)) return countFiltered(filter);
    const counts = await countsByMakeAndModel();
    const key = JSON.stringify(filter);
    let total = counts.totals.get(key);
    if (total === undefined) {
      total = totalMatching(counts.rows, filter);
      // Any string may be asked for: past a bound the total is worked out afresh.
      if (counts.totals.size < FACET_ANSWERS_KEPT) counts.totals.set(key, total);
    }
    return total;
  };
  /**
   * Staff see every status: unfiltered, the total the triggers keep (counting every row was half the list's SQL
   * at 100k listings, 7.5 -> 3.0 ms, and grows with them), kept as the public total is (a write empties it on
   * every node), so a staff page runs no count: its first page one statement after the caller's, any other two;
   * filtered, kept as a visitor's filtered totals are (a staff search counted every match on each of its pages:
   * 47 ms at 100k).
   */
  const staffTotal = createRefreshingCache<number>({
    freshMs: testing ? 0 : 1000,
    maxAgeMs: 60_000,
    maxEntries: 1,
    changes: deps.changes,
  });
  const countForStaff = (filter: repo.VehicleFilter) =>
    isUnfiltered(filter) ? staffTotal.get('', () => repo.countAllVehicles(db)) : countFiltered(filter);

  return {
    async list(query: VehicleListQuery, viewer: Viewer) {
      const page = query.page ?? 1;
      const limit = query.limit ?? PAGE_SIZES.vehicles;
      const publicOnly = !isListingStaff(viewer);
      if (publicOnly && query.status && !isPublicStatus(query.status)) {
        return { data: [] as Vehicle[], meta: pageMeta(page, limit, 0) };
      }
      const filter = filterOf(query, publicOnly);
      const itemCount = publicOnly ? await countPublic(filter) : await countForStaff(filter);
      // A search without a sort is ranked, unless it matches more listings than ranking can afford: those are listed
      // newest first, the default sort (decision 042).
      const ranked = filter.search !== undefined && itemCount <= repo.FEW_MATCHES;
      const sort = query.sort ?? (ranked ? 'relevance' : DEFAULT_VEHICLE_SORT);
      // A visitor's list and staff's (every status) have marks of their own: the filter says whose.
      const marks = pageMarks.of(`${sort} ${JSON.stringify(filter)}`);
      const options: repo.ListOptions = { sort, offset: (page - 1) * limit, limit, itemCount, marks };
      let rows: repo.ListedVehicleRow[] = [];
      if (itemCount > options.offset) {
        // A public page reuses the rows a recent page read; staff read every row afresh: their usual first page
        // (every listing, newest first) in the dashboard's one statement, any other page in two.
        if (publicOnly) rows = await publicRows(await repo.listVehicleIds(db, filter, options));
        else if (isNewestFirstPage(filter, options)) rows = await repo.newestListings(db, limit);
        else rows = await repo.listVehicles(db, filter, options);
      }
      return { data: present(rows, viewer, publicOnly), meta: pageMeta(page, limit, itemCount) };
    },

    /** Make (and model) choices for the public filters, from the public listings, cached like the counts. */
    async facets(query: VehicleFacetsQuery): Promise<VehicleFacets> {
      const counts = await countsByMakeAndModel();
      const make = query.make?.toLowerCase();
      let facets = counts.facets.get(make);
      if (!facets) {
        facets = facetsFrom(counts.rows, make);
        // A make no listing has is answered afresh, past a bound: any string may be asked for.
        if (counts.facets.size < FACET_ANSWERS_KEPT) counts.facets.set(make, facets);
      }
      return facets;
    },

    async listMine(viewer: NonNullable<Viewer>, query: { page?: number; limit?: number }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? PAGE_SIZES.vehicles;
      const filter: repo.VehicleFilter = { publicOnly: false, ownerId: viewer.id };
      const [itemCount, rows] = await Promise.all([
        repo.countVehicles(db, filter),
        repo.listVehicles(db, filter, { sort: 'createdAt:desc', offset: (page - 1) * limit, limit }),
      ]);
      return { data: present(rows, viewer), meta: pageMeta(page, limit, itemCount) };
    },

    async purchases(viewer: NonNullable<Viewer>) {
      const rows = await repo.listPurchases(db, viewer.id);
      const vehicles = await hydrate(rows, viewer);
      return rows.map((row, i) => ({
        vehicle: vehicles[i]!,
        purchasedAt: (row.soldAt ?? row.updatedAt).toISOString(),
        price: Number(row.price),
      }));
    },

    /** One listing, with what its page says of the price (a recent drop) and of its age. */
    async get(id: string, viewer: Viewer): Promise<Vehicle> {
      const vehicle = await detail(id, viewer);
      return { ...vehicle, ...(await pricingOf(db, { id, createdAt: new Date(vehicle.createdAt) }, ctx.clock.now())) };
    },

    /** A listing a visitor may see, as another record names it (its id, title and status): one statement; 404 otherwise. */
    async visibleToVisitor(id: string): Promise<{ _id: string; title: string; status: string }> {
      const row = await findVisible(id, null);
      return { _id: row.id, title: row.title, status: row.status };
    },

    /** What comparable public listings ask (the listing wizard's price guide). */
    priceGuide: (query: { make: string; model: string; year: number }) => priceGuide(db, query),

    async similar(id: string, viewer: Viewer, limit = 3): Promise<Vehicle[]> {
      const { car, ids } = isUuid(id) ? await repo.listSimilarIds(db, id, limit) : { ids: [] };
      if (!car || !canSee(car, viewer)) throw new NotFoundError(MESSAGES.notFound);
      // Public listings only: their rows are the public list's, kept between requests.
      return present(await publicRows(ids), viewer, true);
    },

    /** Early check before a PATCH body is read: unknown listing 404, someone else's 403. */
    async assertCanEdit(id: string, viewer: Viewer): Promise<void> {
      await findEditable(id, viewer);
    },

    /** Our own writes show in public totals and make choices at once (other nodes hear of them through deps.changes). */
    clearCaches() {
      filteredCounts.clear();
      staffTotal.clear();
      listedRowCache.clear();
      makeModelCounts.clear();
      pageMarks.clear();
    },
  };
}

/** The repository's filter for a list query (the shared filter schema's output). */
export function filterOf(query: Omit<VehicleListQuery, 'page' | 'limit' | 'sort'>, publicOnly: boolean): repo.VehicleFilter {
  const tsquery = query.search ? toPrefixQuery(query.search) : null;
  return {
    publicOnly,
    status: query.status,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    year: query.year,
    minYear: query.min_year,
    maxYear: query.max_year,
    fuelType: query.fuelType,
    transmission: query.transmission,
    make: query.make,
    model: query.model,
    condition: query.condition,
    bodyType: query.bodyType,
    drivetrain: query.drivetrain,
    maxMileage: query.max_mileage,
    location: query.location,
    search: tsquery ? { tsquery, text: query.search! } : undefined,
  };
}

/** The public list without a filter (`publicOnly` aside): its total is the catalogue's. */
function isUnfiltered(filter: repo.VehicleFilter): boolean {
  return Object.entries(filter).every(([name, value]) => name === 'publicOnly' || value === undefined);
}

const KEPT_COUNT_FILTERS = new Set(['publicOnly', 'make', 'model', 'bodyType', 'drivetrain']);
/** A filter the kept make and model counts can total (facets.ts): nothing but make, model, body type and drivetrain. */
function isKeptCountFilter(filter: repo.VehicleFilter): boolean {
  return Object.entries(filter).every(([name, value]) => value === undefined || KEPT_COUNT_FILTERS.has(name));
}

/** The first page, of the usual size, of every listing newest first: the admin's Listings as it opens. */
function isNewestFirstPage(filter: repo.VehicleFilter, options: repo.ListOptions): boolean {
  return (
    !filter.publicOnly &&
    isUnfiltered(filter) &&
    options.sort === 'createdAt:desc' &&
    options.offset === 0 &&
    options.limit === PAGE_SIZES.vehicles
  );
}
