import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, type MaintenanceStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { jsonRowOf, jsonValue } from '../../db/json-row';
import { executeWritten, literalLimit, prepared } from '../../db/prepared';
import { maintenanceAppointments, maintenanceStatusCounts } from '../../db/schema';
import { escapeLike, matchesTyped } from '../../infra/text-match';
import type { WindowCounts, Windows } from '../../infra/window-counts';
import type { AppointmentRow } from './maintenance.mapper';

// What staff read across every customer: the filtered list, counts, the dashboard's figures, search.

export interface AdminListFilters {
  status?: MaintenanceStatus;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

/**
 * Every searched field in one text, one a line: the expression of maintenance_search_idx (migration 0026, a trigram
 * index), written exactly as there so the planner matches it. A match inside any field is a match of this text, so
 * the index finds the candidates; see adminConditions for when the text's test alone is the answer.
 */
const searchedText = (t: typeof maintenanceAppointments) =>
  sql`(${t.customerName} || E'\\n' || ${t.customerEmail} || E'\\n' || ${t.vehicleRegistration} || E'\\n' || ${t.specificService} || E'\\n' || ${t.maintenanceType} || E'\\n' || ${t.vehicleYear} || ' ' || ${t.vehicleMake} || ' ' || ${t.vehicleModel} || E'\\n' || ${t.id}::text)`;

function adminConditions(filters: AdminListFilters, includeStatus: boolean): SQL | undefined {
  const t = maintenanceAppointments;
  const conditions: (SQL | undefined)[] = [];
  if (includeStatus && filters.status) conditions.push(eq(t.status, filters.status));
  if (filters.dateFrom) conditions.push(gte(t.appointmentDate, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(t.appointmentDate, filters.dateTo));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`${searchedText(t)} ILIKE ${pattern}`);
    // Words without a line break match the text only inside one of its lines, that is inside one field (or the
    // vehicle's year, make and model): the text's test is then the whole answer, and each row pays one ILIKE, not
    // eleven. Words with a line break could match across two lines, so the fields are tested too.
    if (search.includes('\n')) {
      conditions.push(
        or(
          ilike(t.customerName, pattern),
          ilike(t.customerEmail, pattern),
          ilike(t.vehicleMake, pattern),
          ilike(t.vehicleModel, pattern),
          ilike(t.vehicleRegistration, pattern),
          ilike(t.specificService, pattern),
          ilike(t.maintenanceType, pattern),
          sql`(${t.vehicleYear} || ' ' || ${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
          sql`(${t.vehicleMake} || ' ' || ${t.vehicleModel}) ILIKE ${pattern}`,
          sql`${t.id}::text ILIKE ${pattern}`,
        ),
      );
    }
  }
  return and(...conditions);
}

/** An appointment as one JSON value (see jsonRowOf): every page of the list reads its rows so. */
const appointmentJsonRow = jsonRowOf(maintenanceAppointments);

/**
 * A date range holding at most this many appointments is paged from maintenance_date_idx alone (it
 * holds the request time and id), sorted in memory: walking the newest-first index instead skips every
 * appointment requested after the range's, 83,000 rows for a month of last winter at 200,000.
 */
const SORT_DATE_RANGE_IN_MEMORY = 20_000;

export async function listAllAppointments(
  db: Executor,
  filters: AdminListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentRow[]; total: number; statusCounts: Record<MaintenanceStatus, number> }> {
  const t = maintenanceAppointments;
  const where = adminConditions(filters, true);
  const newestFirst = [desc(t.createdAt), desc(t.id)];
  /** Rows as one JSON value each (see jsonRowOf), in the list's order. */
  const rowsOf = async (query: Promise<{ row: AppointmentRow }[]>) => (await query).map(({ row }) => row);
  const pageOf = (inMemory: boolean) => {
    if (!inMemory) return rowsOf(db.select({ row: appointmentJsonRow }).from(t).where(where).orderBy(...newestFirst).limit(page.limit).offset(page.offset));
    // The same order, computed so that no index gives it: the planner reads the date range instead.
    const ids = db
      .select({ id: t.id })
      .from(t)
      .where(where)
      .orderBy(sql`(${t.createdAt} + interval '0 seconds') desc`, desc(t.id))
      .limit(page.limit)
      .offset(page.offset);
    return rowsOf(db.select({ row: appointmentJsonRow }).from(t).where(inArray(t.id, ids)).orderBy(...newestFirst));
  };
  const totalOf = (counts: Record<MaintenanceStatus, number>) => (filters.status ? counts[filters.status] : sumOf(counts));
  // The counts by status across every filter but the status: the kept counts when only the status
  // filters, else one grouped count (a date range reads maintenance_date_idx alone). The total is the
  // filtered status's count, or all of them.
  if (!filters.dateFrom && !filters.dateTo && !filters.search?.trim()) {
    const { rows, statusCounts } = await newestPageWithCounts(db, filters.status, page);
    return { rows, total: totalOf(statusCounts), statusCounts };
  }
  const counted = db.select({ status: t.status, n: count() }).from(t).where(adminConditions(filters, false)).groupBy(t.status);
  if (filters.search?.trim()) {
    // Planned for the words searched (decision 042): a rare one is found through the trigram index, a common one by
    // walking the newest first. Written statements answer by column name, so the page's ids come first.
    const [found, countRows] = await Promise.all([
      executeWritten<{ id: string }>(
        db,
        db.select({ id: sql<string>`${t.id}`.as('id') }).from(t).where(where).orderBy(...newestFirst).limit(page.limit).offset(page.offset),
      ),
      executeWritten<{ status: MaintenanceStatus; n: number }>(
        db,
        db
          .select({ status: sql<MaintenanceStatus>`${t.status}`.as('status'), n: count().as('n') })
          .from(t)
          .where(adminConditions(filters, false))
          .groupBy(t.status),
      ),
    ]);
    const ids = found.map((row) => row.id);
    const rows = ids.length === 0 ? [] : await rowsOf(db.select({ row: appointmentJsonRow }).from(t).where(inArray(t.id, ids)).orderBy(...newestFirst));
    const statusCounts = toStatusCounts(countRows);
    return { rows, total: totalOf(statusCounts), statusCounts };
  }
  const statusCounts = toStatusCounts(await counted);
  const total = totalOf(statusCounts);
  return { rows: await pageOf(total <= SORT_DATE_RANGE_IN_MEMORY), total, statusCounts };
}

const sumOf = (counts: Record<MaintenanceStatus, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function toStatusCounts(rows: { status: MaintenanceStatus; n: number }[]): Record<MaintenanceStatus, number> {
  const counts: Record<MaintenanceStatus, number> = { Pending: 0, Scheduled: 0, Completed: 0, Cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * The list's usual page (every appointment or one status, newest first), with the kept counts by status as a
 * column of the same statement: one round trip, and the counts and the page read in one snapshot. Built once,
 * so Drizzle does not write its SQL on every request (a fifth of an admin list request's CPU in the profile).
 * The first page of the screen's size is what staff open most: named, with its LIMIT written in (a LIMIT
 * parameter would be priced as a tenth of the table, decision 030), so PostgreSQL plans it once per
 * connection. Other pages are unnamed (planned generically all the same, decision 042; the walk still wins). A page past the last has no row to carry the counts:
 * they are then read alone.
 */
async function newestPageWithCounts(
  db: Executor,
  status: MaintenanceStatus | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentRow[]; statusCounts: Record<MaintenanceStatus, number> }> {
  const t = maintenanceAppointments;
  const shape = status ? 'status' : 'all';
  const newestFirst = () =>
    db
      // The row nested, so it comes out as it is: taking the counts off each row with a rest pattern took V8's slow path.
      .select({ row: appointmentJsonRow, keptCounts: keptCountsColumn() })
      .from(t)
      .where(status ? eq(t.status, sql.placeholder('status')) : undefined)
      .orderBy(desc(t.createdAt), desc(t.id));
  const found =
    page.offset === 0 && page.limit === PAGE_SIZES.adminMaintenance
      ? await prepared(
          db,
          `admin first page ${shape}`,
          () => newestFirst().limit(literalLimit(PAGE_SIZES.adminMaintenance)),
          `maintenance_admin_first_page_${shape}`,
        ).execute({ status })
      : await prepared(db, `admin page ${shape}`, () => newestFirst().limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))).execute({
          status,
          limit: page.limit,
          offset: page.offset,
        });
  if (found.length === 0) return { rows: [], statusCounts: await countByStatus(db) };
  const [Pending, Scheduled, Completed, Cancelled] = found[0]!.keptCounts;
  return { rows: found.map(({ row }) => row), statusCounts: { Pending, Scheduled, Completed, Cancelled } };
}

/** The kept counts as one column: [pending, scheduled, completed, cancelled], worked out once per statement. */
function keptCountsColumn() {
  const c = maintenanceStatusCounts;
  return sql<[number, number, number, number]>`(select json_build_array(${kept(c.pending)}, ${kept(c.scheduled)}, ${kept(c.completed)}, ${kept(c.cancelled)}) from ${c})`.mapWith(
    (value: unknown) => jsonValue(value) as [number, number, number, number],
  );
}

/** The sum of one column of the kept counts, over its shards. */
const kept = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** How many appointments have each status: the counts the triggers keep (a few shard rows, not the appointments). */
export async function countByStatus(db: Executor): Promise<Record<MaintenanceStatus, number>> {
  const c = maintenanceStatusCounts;
  // No values: named, PostgreSQL parses and plans it once per connection.
  const statement = prepared(
    db,
    'status counts',
    () => db.select({ Pending: kept(c.pending), Scheduled: kept(c.scheduled), Completed: kept(c.completed), Cancelled: kept(c.cancelled) }).from(c),
    'maintenance_status_counts_sum',
  );
  const [row] = await statement.execute();
  return row!;
}

/** A customer's appointments, newest first. */
export function listAppointmentsOfUser(db: Executor, userId: string) {
  return db
    .select()
    .from(maintenanceAppointments)
    .where(eq(maintenanceAppointments.userId, userId))
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id));
}

/** How many appointments the user with this id has, as a column of the caller's own query. */
export function appointmentCountOf(userId: SQL) {
  return sql<number>`(select count(*)::int from ${maintenanceAppointments} as mc where mc.user_id = ${userId})`.mapWith(Number);
}

/**
 * The dashboard's appointment counts: the total from the kept counts, each window its own range of
 * maintenance_created_idx (not one pass of FILTERed counts over every appointment).
 */
export async function countAppointmentsByWindow(db: Executor, w: Windows): Promise<WindowCounts> {
  const t = maintenanceAppointments;
  const c = maintenanceStatusCounts;
  const created = (where: SQL) => sql<number>`(select count(*)::int from ${t} where ${where})`.mapWith(Number);
  const [row] = await db
    .select({
      total: sql<number>`(select coalesce(sum(${c.pending} + ${c.scheduled} + ${c.completed} + ${c.cancelled}), 0)::bigint from ${c})`.mapWith(Number),
      current: created(sql`${t.createdAt} >= ${w.currentFrom}::timestamptz`),
      previous: created(sql`${t.createdAt} >= ${w.previousFrom}::timestamptz and ${t.createdAt} < ${w.currentFrom}::timestamptz`),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export function recentAppointments(db: Executor, limit: number) {
  // Built and planned once: the dashboard asks on every look.
  const statement = prepared(
    db,
    `recent appointments ${limit}`,
    () =>
      db
        .select()
        .from(maintenanceAppointments)
        .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
        .limit(literalLimit(limit)),
    `maintenance_recent_${limit}`,
  );
  return statement.execute();
}

/** Appointments whose service, customer, registration, vehicle or id match what an admin typed, newest first. */
export function searchAppointments(db: Executor, q: string, limit: number) {
  return db
    .select({
      id: maintenanceAppointments.id,
      specificService: maintenanceAppointments.specificService,
      customerName: maintenanceAppointments.customerName,
      appointmentDate: maintenanceAppointments.appointmentDate,
      status: maintenanceAppointments.status,
    })
    .from(maintenanceAppointments)
    .where(
      matchesTyped(
        q,
        [
          maintenanceAppointments.specificService,
          maintenanceAppointments.customerName,
          maintenanceAppointments.customerEmail,
          maintenanceAppointments.vehicleRegistration,
          sql`${maintenanceAppointments.vehicleMake} || ' ' || ${maintenanceAppointments.vehicleModel}`,
        ],
        maintenanceAppointments.id,
      ),
    )
    .orderBy(desc(maintenanceAppointments.createdAt), desc(maintenanceAppointments.id))
    .limit(limit);
}
