import type { RESERVATION_STATUSES, Reservation, VehicleHold } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import { violatedUniqueIndex } from '../../infra/unique-violation';
import { enqueueEmails } from '../../mail/outbox';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { shownVehicle, type VehicleSummary } from '../vehicles';
import { dealershipDateTime } from '../workshop-calendar';
import type { HoldEvent } from './reservations.messages';
import * as repo from './reservations.repository';

export const RESERVATION_MESSAGES = {
  vehicleNotFound: 'Vehicle not found',
  notForSale: 'This car cannot be reserved.',
  carHeld: 'This car is already reserved.',
  customerHolds: 'You already hold a car. Cancel that reservation before reserving another.',
  notFound: 'Reservation not found',
  notActive: 'This reservation has already ended.',
} as const;
const M = RESERVATION_MESSAGES;

export type ReservationsDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** The vehicles domain: the cars named by id. */
  vehicles: { summaries(db: Executor, ids: readonly string[]): Promise<VehicleSummary[]> };
  /** Who the sales team is (their addresses). */
  salesTeam(db: Executor): Promise<string[]>;
};

/** Cars a customer can hold: on sale and not already set 'reserved' by the dealership. */
const HOLDABLE_STATUSES = ['available', 'active'];
const HOUR_MS = 3_600_000;

export function createReservationsService(deps: ReservationsDeps) {
  const { db, config } = deps;
  const text = (instant: Date) => dealershipDateTime(instant, config.WORKSHOP_TZ);

  async function toReservations(executor: Executor, rows: repo.HoldRow[]): Promise<Reservation[]> {
    const [cars, people] = await Promise.all([
      deps.vehicles.summaries(executor, [...new Set(rows.map((r) => r.vehicleId))]),
      repo.customersOf(executor, [...new Set(rows.map((r) => r.userId))]),
    ]);
    const byId = new Map(cars.map((c) => [c.id, c]));
    return rows.map((row) => {
      const car = byId.get(row.vehicleId);
      return {
        _id: row.id,
        vehicle: shownVehicle(row.vehicleId, car),
        status: row.status,
        expiresAt: row.expiresAt.toISOString(),
        expiresAtText: text(row.expiresAt),
        customer: people.get(row.userId) ?? { name: 'Deleted user', email: '', phone: '' },
        createdAt: row.createdAt.toISOString(),
        endedAt: row.endedAt ? row.endedAt.toISOString() : null,
      };
    });
  }

  /** The customer's and the sales team's e-mails about a hold, queued in the change's transaction. */
  async function mailBoth(tx: Executor, row: repo.HoldRow, event: HoldEvent) {
    const [reservation] = await toReservations(tx, [row]);
    const customer = reservation!.customer.email;
    await enqueueEmails(tx, [
      ...(customer ? [{ kind: 'reservation-customer' as const, to: customer, data: { reservation: reservation!, event } }] : []),
      ...(await deps.salesTeam(tx)).map((to) => ({ kind: 'reservation-sales-notice' as const, to, data: { reservation: reservation!, event } })),
    ]);
  }

  async function expire(tx: Executor, row: repo.HoldRow, now: Date): Promise<boolean> {
    const closed = await repo.closeHold(tx, row.id, { status: 'Expired', endedAt: now, endedById: null }, now);
    if (closed) await mailBoth(tx, closed, 'expired');
    return Boolean(closed);
  }

  async function visibleHold(user: AuthUser, id: string, staff: boolean): Promise<repo.HoldRow> {
    const row = isUuid(id) ? await repo.findHold(db, id) : undefined;
    if (!row || (!staff && row.userId !== user.id)) throw new NotFoundError(M.notFound);
    return row;
  }

  /** Ends an active hold by its customer (Cancelled) or staff (Ended). */
  async function close(actor: AuthUser, id: string, status: 'Cancelled' | 'Ended'): Promise<Reservation> {
    await visibleHold(actor, id, status === 'Ended');
    const now = deps.clock.now();
    const row = await db.transaction(async (tx) => {
      const closed = await repo.closeHold(tx, id, { status, endedAt: now, endedById: actor.id });
      if (!closed) throw new ConflictError(M.notActive);
      await mailBoth(tx, closed, status === 'Cancelled' ? 'cancelled' : 'ended');
      if (status === 'Ended')
        await recordAudit(tx, { actorId: actor.id, action: 'reservation.end', entityType: 'reservation', entityId: id, after: { status } });
      return closed;
    });
    return (await toReservations(db, [row]))[0]!;
  }

  return {
    /** What everyone sees of a car's hold (public, and part of the cached vehicle page). */
    async hold(vehicleId: string): Promise<VehicleHold> {
      if (!isUuid(vehicleId)) throw new NotFoundError(M.vehicleNotFound);
      const [[car], row] = await Promise.all([deps.vehicles.summaries(db, [vehicleId]), repo.findRunningHold(db, vehicleId, deps.clock.now())]);
      // Nulls say a car is not held; a car that does not exist is not found.
      if (!car) throw new NotFoundError(M.vehicleNotFound);
      return { vehicleId, reservedUntil: row ? row.expiresAt.toISOString() : null, reservedUntilText: row ? text(row.expiresAt) : null };
    },

    /**
     * A customer holds an available car for RESERVATION_HOURS. One active hold per car and per customer
     * is the database's word (unique partial indexes); a hold whose time is up is released first, in
     * the same transaction, so a stale hold the job has not reached yet does not block the car.
     */
    async reserve(user: AuthUser, vehicleId: string): Promise<Reservation> {
      const [car] = isUuid(vehicleId) ? await deps.vehicles.summaries(db, [vehicleId]) : [];
      if (!car) throw new NotFoundError(M.vehicleNotFound);
      if (!HOLDABLE_STATUSES.includes(car.status)) throw new ConflictError(M.notForSale);
      const now = deps.clock.now();
      const row = await db
        .transaction(async (tx) => {
          for (const stale of await repo.listExpired(tx, now, vehicleId)) await expire(tx, stale, now);
          const inserted = await repo.insertHold(tx, { vehicleId, userId: user.id, expiresAt: new Date(now.getTime() + config.RESERVATION_HOURS * HOUR_MS) });
          await mailBoth(tx, inserted, 'started');
          return inserted;
        })
        .catch((error: unknown) => {
          const index = violatedUniqueIndex(error);
          if (index === null) throw error;
          throw new ConflictError(index.includes('customer') ? M.customerHolds : M.carHeld);
        });
      return (await toReservations(db, [row]))[0]!;
    },

    mine: async (user: AuthUser) => toReservations(db, await repo.listHoldsOf(db, user.id)),
    cancel: (user: AuthUser, id: string) => close(user, id, 'Cancelled'),

    /** Staff: holds of a status (Active by default), newest first. */
    list: async (status: (typeof RESERVATION_STATUSES)[number] = 'Active') => toReservations(db, await repo.listHolds(db, status)),
    end: (actor: AuthUser, id: string) => close(actor, id, 'Ended'),

    /** Staff give the customer more time: `hours` more from the later of now and the current end. */
    async extend(actor: AuthUser, id: string, hours: number): Promise<Reservation> {
      await visibleHold(actor, id, true);
      const now = deps.clock.now();
      const row = await db.transaction(async (tx) => {
        const current = await repo.findHold(tx, id);
        if (!current || current.status !== 'Active' || current.expiresAt <= now) throw new ConflictError(M.notActive);
        const extended = await repo.extendHold(tx, id, new Date(current.expiresAt.getTime() + hours * HOUR_MS), now);
        if (!extended) throw new ConflictError(M.notActive);
        await mailBoth(tx, extended, 'extended');
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'reservation.extend',
          entityType: 'reservation',
          entityId: id,
          before: { expiresAt: current.expiresAt.toISOString() },
          after: { expiresAt: extended.expiresAt.toISOString() },
        });
        return extended;
      });
      return (await toReservations(db, [row]))[0]!;
    },

    /** The expiry job: releases every hold whose time is up and e-mails both sides. Answers how many. */
    async releaseExpired(): Promise<number> {
      const now = deps.clock.now();
      let released = 0;
      for (const row of await repo.listExpired(db, now)) {
        if (await db.transaction((tx) => expire(tx, row, now))) released += 1;
      }
      return released;
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
