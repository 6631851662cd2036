import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAGE_SIZES, PUBLIC_VEHICLE_STATUSES, type VehicleSort, type VehicleStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { users, vehicleCounts, vehicleImages, vehicles } from '../../db/schema';
import { literalLimit, prepared, written, type Statement } from '../../db/prepared';
import { escapeLike, matchesTyped } from '../../infra/text-match';
import type { ListMarks, PageMark } from './vehicles.page-marks';
import type { WindowCounts, Windows } from '../../infra/window-counts';

/**
 * Public statuses as constant SQL (never parameters) so the planner can prove the partial indexes'
 * predicate; qualified because users also has a status column.
 */
const PUBLIC_STATUS_SQL = sql.raw(`"vehicles"."status" IN (${PUBLIC_VEHICLE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The columns a listing is read with (never the search vector). */
export const vehicleColumns = {
  id: vehicles.id,
  ownerId: vehicles.ownerId,
  buyerId: vehicles.buyerId,
  soldAt: vehicles.soldAt,
  title: vehicles.title,
  make: vehicles.make,
  model: vehicles.model,
  year: vehicles.year,
  price: vehicles.price,
  mileage: vehicles.mileage,
  transmission: vehicles.transmission,
  fuelType: vehicles.fuelType,
  condition: vehicles.condition,
  exteriorColor: vehicles.exteriorColor,
  interiorColor: vehicles.interiorColor,
  description: vehicles.description,
  location: vehicles.location,
  contactPhone: vehicles.contactPhone,
  contactEmail: vehicles.contactEmail,
  bodyType: vehicles.bodyType,
  drivetrain: vehicles.drivetrain,
  trim: vehicles.trim,
  vin: vehicles.vin,
  stockNumber: vehicles.stockNumber,
  status: vehicles.status,
  reviewNote: vehicles.reviewNote,
  revision: vehicles.revision,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
};

const ownerColumns = {
  ownerName: users.name,
  ownerAvatarKey: users.avatarKey,
  ownerPhone: users.phone,
  ownerEmail: users.email,
  ownerCreatedAt: users.createdAt,
  ownerStatus: users.status,
};

export type VehicleRow = Omit<typeof vehicles.$inferSelect, 'searchVector'>;
export type VehicleWithOwnerRow = VehicleRow & {
  ownerName: string | null;
  ownerAvatarKey: string | null;
  ownerPhone: string | null;
  ownerEmail: string | null;
  ownerCreatedAt: Date | null;
  /** The seller's account status: a listing of an account that is not active is not shown to the public. */
  ownerStatus: string | null;
};
export type VehicleImageRow = typeof vehicleImages.$inferSelect;
export type NewVehicleRow = typeof vehicles.$inferInsert;

export interface VehicleFilter {
  /** Only public statuses (visitors and non-admin users). */
  publicOnly: boolean;
  status?: VehicleStatus;
  ownerId?: string;
  minPrice?: number;
  maxPrice?: number;
  year?: number;
  minYear?: number;
  maxYear?: number;
  fuelType?: string;
  transmission?: string;
  /** Exact make and model, ignoring case. */
  make?: string;
  model?: string;
  condition?: string;
  bodyType?: string;
  drivetrain?: string;
  maxMileage?: number;
  /** Part of the location, ignoring case and accents. */
  location?: string;
  /** A to_tsquery expression (already sanitised) and the raw text for exact-title ranking. */
  search?: { tsquery: string; text: string };
  /** Listed after this instant (ISO): a saved search's new matches. */
  createdAfter?: string;
}

/** A filter value in a statement: a placeholder, so one statement serves every value (see `prepared`). */
const param = (name: keyof FilterParams) => sql.placeholder(name);

/**
 * Prefix matches of each word ('toyo:* & cam:*'), or the text as the parser reads it, which keeps
 * tokens such as 'f-150' whole.
 */
const SEARCH_QUERY = sql`(to_tsquery('dealer_search', ${param('tsquery')}) || plainto_tsquery('dealer_search', ${param('searchText')}))`;

function whereOf(filter: VehicleFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.publicOnly ? PUBLIC_STATUS_SQL : undefined,
    filter.status ? eq(vehicles.status, param('status')) : undefined,
    filter.ownerId ? eq(vehicles.ownerId, param('ownerId')) : undefined,
    filter.minPrice !== undefined ? gte(vehicles.price, param('minPrice')) : undefined,
    filter.maxPrice !== undefined ? lte(vehicles.price, param('maxPrice')) : undefined,
    filter.year !== undefined ? eq(vehicles.year, param('year')) : undefined,
    filter.minYear !== undefined ? gte(vehicles.year, param('minYear')) : undefined,
    filter.maxYear !== undefined ? lte(vehicles.year, param('maxYear')) : undefined,
    filter.fuelType ? eq(vehicles.fuelType, param('fuelType')) : undefined,
    filter.transmission ? eq(vehicles.transmission, param('transmission')) : undefined,
    // lower(make) is the expression of the public make index.
    filter.make ? sql`lower(${vehicles.make}) = lower(${param('make')})` : undefined,
    filter.model ? sql`lower(${vehicles.model}) = lower(${param('model')})` : undefined,
    filter.condition ? eq(vehicles.condition, param('condition')) : undefined,
    filter.bodyType ? eq(vehicles.bodyType, param('bodyType')) : undefined,
    filter.drivetrain ? eq(vehicles.drivetrain, param('drivetrain')) : undefined,
    filter.maxMileage !== undefined ? lte(vehicles.mileage, param('maxMileage')) : undefined,
    filter.location
      ? sql`lower(unaccent(coalesce(${vehicles.location}, ''))) LIKE '%' || lower(unaccent(${param('location')})) || '%'`
      : undefined,
    filter.search ? sql`${vehicles.searchVector} @@ ${SEARCH_QUERY}` : undefined,
    filter.createdAfter ? sql`${vehicles.createdAt} > ${param('createdAfter')}::timestamptz` : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** The values of a filter's placeholders. */
type FilterParams = Omit<VehicleFilter, 'publicOnly' | 'search'> & {
  tsquery?: string;
  searchText?: string;
  limit?: number;
  offset?: number;
  /** Where a deep page starts from (vehicles.page-marks.ts). */
  markKey?: string;
  markId?: string;
};

function paramsOf(filter: VehicleFilter): FilterParams {
  // Copied by a loop: a rest pattern that leaves names out ({ publicOnly, search, ...values }) takes V8's
  // slow runtime path, 4% of an uncached list request's CPU in the profile.
  const params: Record<string, unknown> = {};
  for (const name in filter) if (name !== 'publicOnly' && name !== 'search') params[name] = filter[name as keyof VehicleFilter];
  if (filter.location !== undefined) params.location = escapeLike(filter.location);
  if (filter.search) {
    params.tsquery = filter.search.tsquery;
    params.searchText = filter.search.text;
  }
  return params as FilterParams;
}

/**
 * The names of the conditions `whereOf` writes: the statement's shape (its values are placeholders). The
 * same tests as whereOf's: a number counts when given, anything else (text, the search, publicOnly) when truthy.
 */
function shapeNames(filter: VehicleFilter): string[] {
  const names: string[] = [];
  for (const name in filter) {
    const value = filter[name as keyof VehicleFilter];
    if (typeof value === 'number' || Boolean(value)) names.push(name);
  }
  return names;
}

const shapeOf = (filter: VehicleFilter): string => shapeNames(filter).join(',');

/**
 * The most matches a list reads row by row: a search's are ranked, and any list whose filter has an index of its
 * own (make, model, year, fuel, body, drivetrain, the search) sorts them in memory. Reading a row costs about 5 µs
 * once cached, so past this a list walks its sort index instead and stops at the page's end: a search is then
 * listed newest first (the list service's choice; ranking a make found in 6% of a million listings took 240-370 ms
 * for one page, the walk 5 ms), and a rare make no longer walks the whole index (209 -> 3 ms at a million).
 */
export const FEW_MATCHES = 2_000;

/** Filters whose matches an index finds without walking a sort index. */
const INDEXED_FILTERS = ['make', 'model', 'year', 'minYear', 'maxYear', 'fuelType', 'bodyType', 'drivetrain', 'search'] as const;

/**
 * When to sort the matches in memory (top-N heapsort over rows found through the filters' indexes)
 * instead of walking the sort index and skipping non-matches. The walk is the better plan where matches are
 * many; it has to skip most of the index where they are few (FEW_MATCHES), and where a year filter meets a price
 * sort (newer cars cost more, so 'recent years, cheapest first' walks the cheap, old end of the price index).
 * Decided here, from the list's total: whether a search is ranked is the service's choice, and the `+ 0` that
 * keeps the planner off the sort index must be written before the statement is planned (decision 042).
 */
export function sortsInMemory(sort: VehicleSort | 'relevance', filter: VehicleFilter, itemCount: number | undefined): boolean {
  // A shape whose filter's own index is in the sort's order (a fuel type by price) walks it, few matches or many.
  if (itemCount === undefined || plansAlike(sort, filter, false)) return false;
  const priceSort = sort === 'price:asc' || sort === 'price:desc';
  const yearFilter = filter.year !== undefined || filter.minYear !== undefined || filter.maxYear !== undefined;
  const indexed = INDEXED_FILTERS.some((name) => filter[name] !== undefined);
  return (priceSort && yearFilter && itemCount <= 20_000) || (indexed && itemCount <= FEW_MATCHES);
}

function orderOf(sort: VehicleSort | 'relevance', filter: VehicleFilter, inMemory: boolean): SQL[] {
  // `+ 0` hides the column from the planner's index matching, so it sorts the filtered rows instead.
  const created = inMemory ? sql`(${vehicles.createdAt} + interval '0 seconds')` : sql`${vehicles.createdAt}`;
  const price = inMemory ? sql`(${vehicles.price} + 0)` : sql`${vehicles.price}`;
  switch (sort) {
    case 'createdAt:asc':
      return [sql`${created} ASC`, asc(vehicles.id)];
    case 'price:asc':
      return [sql`${price} ASC`, asc(vehicles.id)];
    case 'price:desc':
      return [sql`${price} DESC`, desc(vehicles.id)];
    case 'relevance':
      if (filter.search) {
        return [
          // An exact title match first, then the weighted rank (title > make/model > description).
          sql`(lower(unaccent(${vehicles.title})) = lower(unaccent(${param('searchText')}))) DESC`,
          sql`ts_rank(${vehicles.searchVector}, ${SEARCH_QUERY}) DESC`,
          desc(vehicles.createdAt),
          desc(vehicles.id),
        ];
      }
      return [sql`${created} DESC`, desc(vehicles.id)];
    case 'createdAt:desc':
    default:
      return [sql`${created} DESC`, desc(vehicles.id)];
  }
}

/** A photo as a listing page reads it: what the card and the gallery need, nothing of the row's bookkeeping. */
export type ListedImage = Pick<VehicleImageRow, 'key' | 'width' | 'height'>;
export type ListedVehicleRow = VehicleWithOwnerRow & { images: ListedImage[] };

/**
 * Each listing's photos in display order, as one JSON array per row ([key, width, height] each): read
 * beside the row, so a page needs no second round trip for its photos.
 */
const listedImagesSql = sql<[string, number | null, number | null][]>`(select coalesce(json_agg(json_build_array(${vehicleImages.key}, ${vehicleImages.width}, ${vehicleImages.height}) order by ${vehicleImages.position}), '[]'::json) from ${vehicleImages} where ${vehicleImages.vehicleId} = ${vehicles.id})`;

/**
 * Filter shapes whose best plan is the same index walk whatever their values: no filter (the created or
 * price index, any sort; a visitor's or staff's), or a visitor's price sort with a price range and at most one of the filters that lead an
 * index ordered by price. Their id statements are named, so PostgreSQL parses each once per connection
 * and, on a first page, keeps one generic plan instead of planning every request (about half of the
 * database's work for a page: decision 030). Every other shape would be planned generically too (the pool's
 * setting reaches every statement, decision 042): its values are written into its text, so it is planned for them; a search's ranking and an in-memory sort are decided from the list's total (`sortsInMemory`).
 * About 34 shapes, each in at most four statements (a first page
 * or not, from a mark or not): the names per connection stay bounded whatever the clients send.
 */
const PRICE_LED = new Set(['fuelType', 'bodyType', 'drivetrain']);
export function plansAlike(sort: VehicleSort | 'relevance', filter: VehicleFilter, inMemory: boolean): boolean {
  if (inMemory) return false;
  const given = shapeNames(filter).filter((name) => name !== 'publicOnly');
  // No filter: a walk of the public created or price index, or for staff (every status) of the whole table's,
  // which planned afresh cost PostgreSQL more than the walk (1.5-3.4 ms at 100k listings, 18 indexes to weigh).
  if (given.length === 0) return sort !== 'relevance';
  if (!filter.publicOnly || (sort !== 'price:asc' && sort !== 'price:desc')) return false;
  const led = given.filter((name) => PRICE_LED.has(name));
  return led.length <= 1 && given.every((name) => name === 'minPrice' || name === 'maxPrice' || PRICE_LED.has(name));
}

/** One server-side name per statement text (the statement cache's key), bounded by `plansAlike`'s shapes. */
const statementNames = new Map<string, string>();
function statementName(key: string): string {
  let name = statementNames.get(key);
  if (!name) statementNames.set(key, (name = `vehicles_ids_${statementNames.size}`));
  return name;
}

/** Which page of a list to read, and what the list already knows of itself (its total, its marks). */
export interface ListOptions {
  sort: VehicleSort | 'relevance';
  offset: number;
  limit: number;
  itemCount?: number;
  marks?: ListMarks;
}

/**
 * One page of listings with their owners and photos, in two statements. The page's ids first (an index
 * walk that, for the public sorts, never visits the table: the sort indexes cover the filter columns;
 * page 500 costs the 6,000 index entries it skips, not 6,000 rows and owner joins). Then those rows, their
 * owners and photos in the ids' order: one statement whatever the filter, prepared by name on each
 * connection, so PostgreSQL parses and plans it once there (its plan does not depend on which ids it is
 * given; the pool asks for generic plans, decision 030). Planning was two thirds of the database's work for a page when both were one
 * statement planned on every call (see docs/quality.md, issue 30).
 */
export async function listVehicles(db: Executor, filter: VehicleFilter, options: ListOptions): Promise<ListedVehicleRow[]> {
  const ids = await listVehicleIds(db, filter, options);
  return ids.length === 0 ? [] : listedRows(db, ids);
}

/** The ids of one page of listings, in the list's order (the first of listVehicles' two statements). */
export async function listVehicleIds(db: Executor, filter: VehicleFilter, options: ListOptions): Promise<string[]> {
  const inMemory = sortsInMemory(options.sort, filter, options.itemCount);
  const alike = plansAlike(options.sort, filter, inMemory);
  const keyset = options.marks && !inMemory ? keysetOf(options.sort, filter) : undefined;
  const mark = keyset && options.offset >= MARKED_FROM ? options.marks!.nearest(options.offset) : undefined;
  const skip = mark ? options.offset - mark.position : options.offset;
  // A named page of the usual size that skips nothing (the first, or one starting at a mark) says so in its text
  // (see literalLimit): PostgreSQL then keeps one plan for it.
  const usualUnskipped = alike && skip === 0 && options.limit === PAGE_SIZES.vehicles;
  const key = `list ${options.sort} ${inMemory} ${shapeOf(filter)}${usualUnskipped ? ' unskipped' : ''}${keyset ? ' keyed' : ''}${mark ? ' from mark' : ''}`;
  const build = () => {
    const ordered = db
      .select({ id: vehicles.id, ...(keyset ? { mark: sql<string>`${keyset.column}::text`.as('mark') } : {}) })
      .from(vehicles)
      .where(and(whereOf(filter), mark ? keyset!.from : undefined))
      .orderBy(...orderOf(options.sort, filter, inMemory));
    return usualUnskipped
      ? ordered.limit(literalLimit(PAGE_SIZES.vehicles))
      : ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  };
  // Every other shape is planned for its values: they are written into its text (decision 042).
  const pageIds = alike ? prepared(db, key, build, statementName(key)) : written<{ id: string; mark?: string }>(db, key, build);
  const params = paramsOf(filter);
  params.limit = options.limit;
  params.offset = skip;
  params.markKey = mark?.key;
  params.markId = mark?.id;
  const found: { id: string; mark?: string }[] = await pageIds.execute(params);
  if (keyset && found.length > 0) {
    const markAt = (i: number): PageMark => ({ position: options.offset + i, key: found[i]!.mark!, id: found[i]!.id });
    options.marks!.learn(found.length === 1 ? [markAt(0)] : [markAt(0), markAt(found.length - 1)]);
  }
  return found.map((row) => row.id);
}

/** From this offset on a list starts from its nearest mark: nearer the start, the walk is a few hundred entries at most. */
const MARKED_FROM = 120;

/**
 * The sort column and the keyset condition "at or after the mark, in the list's order" of the sorts that
 * end in the id (every public sort but a search's relevance): (value, id) against the mark's, inclusive.
 */
type Keyset = { column: SQL; from: SQL } | undefined;
/** Built once per sort (and search or not): building the SQL showed in the profile of every deep-capable request. */
const keysets = new Map<string, Keyset>();
function keysetOf(sort: VehicleSort | 'relevance', filter: VehicleFilter): Keyset {
  const key = filter.search ? `${sort} search` : sort;
  if (!keysets.has(key)) keysets.set(key, keysetOfSort(sort, filter));
  return keysets.get(key);
}

function keysetOfSort(sort: VehicleSort | 'relevance', filter: VehicleFilter): Keyset {
  const from = (column: SQL, type: string, descending: boolean) =>
    descending
      ? sql`(${column}, ${vehicles.id}) <= (${param('markKey')}::${sql.raw(type)}, ${param('markId')}::uuid)`
      : sql`(${column}, ${vehicles.id}) >= (${param('markKey')}::${sql.raw(type)}, ${param('markId')}::uuid)`;
  const created = sql`${vehicles.createdAt}`;
  const price = sql`${vehicles.price}`;
  switch (sort) {
    case 'relevance':
      return filter.search ? undefined : { column: created, from: from(created, 'timestamptz', true) };
    case 'createdAt:asc':
      return { column: created, from: from(created, 'timestamptz', false) };
    case 'price:asc':
      return { column: price, from: from(price, 'numeric', false) };
    case 'price:desc':
      return { column: price, from: from(price, 'numeric', true) };
    case 'createdAt:desc':
    default:
      return { column: created, from: from(created, 'timestamptz', true) };
  }
}

/**
 * A listed row's columns in the order of the one JSON array PostgreSQL builds per row: the driver then
 * parses and maps one value a row instead of 36 (its per-column work was a fifth of an uncached list
 * request's CPU in the profile). JSON keeps each value's type: numbers (the price too, as Drizzle's
 * number mode reads it), text, null; only the timestamps are turned into dates here.
 */
const listedColumns = { ...vehicleColumns, ...ownerColumns } satisfies Record<keyof VehicleWithOwnerRow, AnyColumn>;
const listedNames = Object.keys(listedColumns) as (keyof VehicleWithOwnerRow)[];
const listedDates = new Set<string>(['soldAt', 'createdAt', 'updatedAt', 'ownerCreatedAt']);
const listedRowSql = sql<unknown[]>`json_build_array(${sql.join(
  listedNames.map((name) => sql`${listedColumns[name]}`),
  sql`, `,
)}, ${listedImagesSql})`;

/** Listings by id with their owners and photos, in the order of `ids` (an id no longer stored is left out). */
export async function listedRows(db: Executor, ids: readonly string[]): Promise<ListedVehicleRow[]> {
  const page = prepared(
    db,
    'listed rows',
    () =>
      db
        .select({ row: listedRowSql })
        .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as page(id, n)`)
        .innerJoin(vehicles, sql`${vehicles.id} = page.id`)
        .leftJoin(users, eq(users.id, vehicles.ownerId))
        .orderBy(sql`page.n`),
    'vehicles_listed_rows_json',
  );
  return (await page.execute({ ids })).map(({ row }) => fromListedRow(row));
}

/**
 * The newest listings of every status (the dashboard's), `limit` a constant of the caller's: one named
 * statement (planned once per connection; planning the vehicles table's statements, with its many indexes,
 * costs ten times their execution) that walks vehicles_created_idx for the ids and joins their rows.
 */
export async function newestListings(db: Executor, limit: number): Promise<ListedVehicleRow[]> {
  const statement = prepared(
    db,
    `newest ${limit}`,
    () => {
      const newest = db
        .select({ id: vehicles.id })
        .from(vehicles)
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
        .limit(literalLimit(limit))
        .as('newest');
      return db
        .select({ row: listedRowSql })
        .from(newest)
        .innerJoin(vehicles, eq(vehicles.id, newest.id))
        .leftJoin(users, eq(users.id, vehicles.ownerId))
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
    },
    `vehicles_newest_rows_${limit}`,
  );
  return (await statement.execute()).map(({ row }) => fromListedRow(row));
}

/** A listed row from its JSON array (see listedRowSql). */
function fromListedRow(values: unknown[]): ListedVehicleRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < listedNames.length; i += 1) {
    const name = listedNames[i]!;
    const value = values[i];
    row[name] = listedDates.has(name) && value !== null ? new Date(value as string) : value;
  }
  const images = values[listedNames.length] as [string, number | null, number | null][];
  row.images = images.map(([key, width, height]) => ({ key, width, height }));
  return row as ListedVehicleRow;
}

/** Every listing, whatever its status: the count the triggers keep (vehicle_counts), read without a scan. */
const keptListingTotal = sql<number>`(select coalesce(sum(${vehicleCounts.listings}), 0)::bigint from ${vehicleCounts})`.mapWith(Number);

export async function countAllVehicles(db: Executor): Promise<number> {
  const [row] = await db.select({ n: keptListingTotal }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function countVehicles(db: Executor, filter: VehicleFilter): Promise<number> {
  // Planned for its values, as an unnamed page is (decision 042).
  const statement = written<{ n: number | string }>(db, `count ${shapeOf(filter)}`, () =>
    db.select({ n: count().as('n') }).from(vehicles).where(whereOf(filter)),
  );
  const [row] = await statement.execute(paramsOf(filter));
  return Number(row?.n ?? 0);
}

/** How many public listings each stored make and model spelling has, by body type and drivetrain ('' for none). */
export interface MakeModelCount {
  make: string;
  model: string;
  bodyType: string;
  drivetrain: string;
  count: number;
}

/**
 * The public listings counted by make, model, body type and drivetrain, from the sums kept by triggers on
 * vehicles (migrations 0012 and 0014: a few thousand rows at most, not a pass over the listings): every facet
 * (the makes, the models of any make, the body types and drivetrains) and the unfiltered total come from
 * this one answer.
 */
export async function publicMakeModelCounts(db: Executor): Promise<MakeModelCount[]> {
  return db
    .select({
      make: sql<string>`make`,
      model: sql<string>`model`,
      bodyType: sql<string>`body_type`,
      drivetrain: sql<string>`drivetrain`,
      count: sql<number>`listings`.mapWith(Number),
    })
    .from(sql`vehicle_make_model_counts_read()`);
}

export async function findVehicle(db: Executor, id: string): Promise<VehicleWithOwnerRow | undefined> {
  const [row] = await db
    .select({ ...vehicleColumns, ...ownerColumns })
    .from(vehicles)
    .leftJoin(users, eq(users.id, vehicles.ownerId))
    .where(eq(vehicles.id, id))
    .limit(1);
  return row;
}

/** Locks the listing for the rest of the transaction (concurrent edits queue up). */
export async function lockVehicle(db: Executor, id: string): Promise<VehicleRow | undefined> {
  const [row] = await db.select(vehicleColumns).from(vehicles).where(eq(vehicles.id, id)).for('update').limit(1);
  return row;
}

/** Every image of the given listings in one query, in display order. */
export async function imagesFor(db: Executor, vehicleIds: readonly string[]): Promise<Map<string, VehicleImageRow[]>> {
  const byVehicle = new Map<string, VehicleImageRow[]>();
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .select()
    .from(vehicleImages)
    .where(inArray(vehicleImages.vehicleId, [...vehicleIds]))
    .orderBy(asc(vehicleImages.vehicleId), asc(vehicleImages.position));
  for (const row of rows) {
    const list = byVehicle.get(row.vehicleId) ?? [];
    list.push(row);
    byVehicle.set(row.vehicleId, list);
  }
  return byVehicle;
}

export async function insertVehicle(db: Executor, values: NewVehicleRow): Promise<void> {
  await db.insert(vehicles).values(values);
}

export async function updateVehicleRow(db: Executor, id: string, values: Partial<NewVehicleRow>): Promise<void> {
  await db.update(vehicles).set(values).where(eq(vehicles.id, id));
}

export async function deleteVehicleRow(db: Executor, id: string): Promise<void> {
  await db.delete(vehicles).where(eq(vehicles.id, id));
}

export async function insertImages(
  db: Executor,
  rows: { vehicleId: string; position: number; key: string; width: number; height: number }[],
): Promise<void> {
  if (rows.length) await db.insert(vehicleImages).values(rows);
}

export async function deleteImages(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.delete(vehicleImages).where(inArray(vehicleImages.id, [...ids]));
}

export async function setImagePosition(db: Executor, id: string, position: number): Promise<void> {
  await db.update(vehicleImages).set({ position }).where(eq(vehicleImages.id, id));
}

/**
 * Takes a seller's public and waiting listings off sale, back to them as drafts with the reason
 * (their account was suspended or deactivated). Sold listings stay: they record sales. Answers the ids.
 */
export async function withdrawOwnerListings(db: Executor, ownerId: string, reviewNote: string, now: Date): Promise<{ id: string; status: string }[]> {
  const listings = await db
    .select({ id: vehicles.id, status: vehicles.status })
    .from(vehicles)
    .where(and(eq(vehicles.ownerId, ownerId), inArray(vehicles.status, [...PUBLIC_VEHICLE_STATUSES, 'pending'])))
    .for('update');
  if (listings.length === 0) return [];
  await db
    .update(vehicles)
    .set({ status: 'draft', reviewNote, updatedAt: now, revision: sql`${vehicles.revision} + 1` })
    .where(inArray(vehicles.id, listings.map((l) => l.id)));
  return listings;
}

export async function listPurchases(db: Executor, buyerId: string): Promise<VehicleWithOwnerRow[]> {
  return db
    .select({ ...vehicleColumns, ...ownerColumns })
    .from(vehicles)
    .leftJoin(users, eq(users.id, vehicles.ownerId))
    .where(eq(vehicles.buyerId, buyerId))
    .orderBy(desc(sql`coalesce(${vehicles.soldAt}, ${vehicles.updatedAt})`), desc(vehicles.id));
}

/** The car that similar listings are asked for, as its access rule reads it (see canSee). */
export type SimilarCar = Pick<VehicleWithOwnerRow, 'id' | 'price' | 'status' | 'ownerId' | 'ownerStatus'>;

/**
 * A car (undefined when there is none) and the ids of up to `limit` public listings like it: same make first
 * (nearest price), then the nearest price among other makes. One named statement, one round trip, the car
 * included (see similarIds): a car's page asks on every view.
 */
export async function listSimilarIds(db: Executor, carId: string, limit: number): Promise<{ car?: SimilarCar; ids: string[] }> {
  const rows = await similarIds(db, limit).execute({ id: carId });
  const car = rows.find((r) => r.part === 'car');
  if (!car) return { ids: [] };
  const price = Number(car.price);
  const byDistance = (a: SimilarRow, b: SimilarRow) => Math.abs(a.price - price) - Math.abs(b.price - price) || a.id.localeCompare(b.id);
  const sameMake = dedupe(rows.filter((r) => r.part === 'make')).sort(byDistance);
  const others = dedupe(rows.filter((r) => r.part === 'other')).sort(byDistance);
  return {
    car: { id: car.id, price: car.price, status: car.status!, ownerId: car.ownerId, ownerStatus: car.ownerStatus },
    ids: [...sameMake, ...others].slice(0, limit).map((row) => row.id),
  };
}

type SimilarRow = { id: string; price: number; part: 'make' | 'other' | 'car'; status: VehicleStatus | null; ownerId: string | null; ownerStatus: string | null };
/** The asked car again, under its own name, for the parts' subqueries (its make and price). */
const askedCar = alias(vehicles, 'asked_car');
const askedCarOf = (column: SQL) => sql`(select ${column} from ${vehicles} ${sql.raw('"asked_car"')} where ${askedCar.id} = ${sql.placeholder('id')})`;
/**
 * Five parts: the car itself (its price, status and seller's status, for the distance and the access rule) and
 * four of a few index entries each, whatever the car's status: the same make above and below its price
 * (vehicles_public_make_idx, from the index alone, for a lone make too: migration 0027), other makes above and
 * below (vehicles_public_price_idx). The car's make and price come from subqueries run once each, so the index
 * walks start where the car is. The other makes are read even when the make fills the answer: cheaper than a
 * second round trip. Named, so planned once per connection: planned for its values on every view it cost
 * PostgreSQL 0.8 ms, running it 0.08.
 */
function similarIds(db: Executor, limit: number): Statement<SimilarRow> {
  const none = { status: sql<VehicleStatus | null>`null::text`, ownerId: sql<string | null>`null::uuid`, ownerStatus: sql<string | null>`null::text` };
  const part = (make: 'make' | 'other', side: 'above' | 'below') => {
    const madeBy = sql`lower(${vehicles.make}) ${sql.raw(make === 'make' ? '=' : '<>')} ${askedCarOf(sql`lower(${askedCar.make})`)}`;
    const carPrice = askedCarOf(sql`${askedCar.price}`);
    const price = side === 'above' ? sql`${vehicles.price} >= ${carPrice}` : sql`${vehicles.price} <= ${carPrice}`;
    const byPrice = side === 'above' ? asc(vehicles.price) : desc(vehicles.price);
    const byId = side === 'above' ? asc(vehicles.id) : desc(vehicles.id);
    return db
      .select({ id: vehicles.id, price: vehicles.price, part: sql<SimilarRow['part']>`${sql.raw(`'${make}'`)}::text`.as('part'), ...none })
      .from(vehicles)
      .where(and(PUBLIC_STATUS_SQL, madeBy, price, ne(vehicles.id, sql.placeholder('id'))))
      .orderBy(...(make === 'make' ? [sql`lower(${vehicles.make})`, byPrice] : [byPrice, byId]))
      .limit(literalLimit(limit));
  };
  const car = db
    .select({
      id: vehicles.id,
      price: vehicles.price,
      part: sql<SimilarRow['part']>`'car'::text`.as('part'),
      status: sql<VehicleStatus | null>`${vehicles.status}`,
      ownerId: sql<string | null>`${vehicles.ownerId}`,
      ownerStatus: sql<string | null>`${users.status}`,
    })
    .from(vehicles)
    .leftJoin(users, eq(users.id, vehicles.ownerId))
    .where(eq(vehicles.id, sql.placeholder('id')));
  const build = () =>
    car.unionAll(part('make', 'above')).unionAll(part('make', 'below')).unionAll(part('other', 'above')).unionAll(part('other', 'below'));
  return prepared(db, `similar ${limit}`, build, `vehicles_similar_of_${limit}`);
}

function dedupe<R extends { id: string }>(rows: R[]): R[] {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

/** Public listings for the sitemap, newest first. */
export async function listPublicForSitemap(db: Executor, limit: number): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: vehicles.id, updatedAt: vehicles.updatedAt })
    .from(vehicles)
    .where(PUBLIC_STATUS_SQL)
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(limit);
}

/**
 * The dashboard's listing counts: all and waiting for review, in all and created in each window. The
 * total is the count the triggers keep (vehicle_counts); each other count is its own index range
 * (created_at, or status then created_at): 80 ms as one pass of FILTERed counts over 100k rows.
 */
export async function countVehiclesByWindow(db: Executor, w: Windows): Promise<{ all: WindowCounts; pending: WindowCounts }> {
  const counted = (where: SQL) => sql<number>`(select count(*)::int from ${vehicles} where ${where})`.mapWith(Number);
  const pending = sql`${vehicles.status} = 'pending'`;
  const inCurrent = sql`${vehicles.createdAt} >= ${w.currentFrom}::timestamptz`;
  const inPrevious = sql`${vehicles.createdAt} >= ${w.previousFrom}::timestamptz and ${vehicles.createdAt} < ${w.currentFrom}::timestamptz`;
  const [row] = await db
    .select({
      total: keptListingTotal,
      current: counted(inCurrent),
      previous: counted(inPrevious),
      pendingTotal: counted(pending),
      pendingCurrent: counted(sql`${pending} and ${inCurrent}`),
      pendingPrevious: counted(sql`${pending} and ${inPrevious}`),
    })
    .from(sql`(select 1) as one`);
  return {
    all: { total: row!.total, current: row!.current, previous: row!.previous },
    pending: { total: row!.pendingTotal, current: row!.pendingCurrent, previous: row!.pendingPrevious },
  };
}

/** Listings whose title, make, model or id match what an admin typed, newest first. */
export function searchVehicles(db: Executor, q: string, limit: number) {
  return db
    .select({
      id: vehicles.id,
      title: vehicles.title,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      status: vehicles.status,
    })
    .from(vehicles)
    .where(
      matchesTyped(
        q,
        [vehicles.title, vehicles.make, vehicles.model, sql`${vehicles.make} || ' ' || ${vehicles.model}`],
        vehicles.id,
      ),
    )
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(limit);
}
