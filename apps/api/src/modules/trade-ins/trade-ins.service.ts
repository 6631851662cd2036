import {
  PUBLIC_VEHICLE_STATUSES,
  TRADE_INS_PAGE_SIZE,
  TRADE_IN_LIMITS,
  TRADE_IN_MESSAGES,
  tradeInCreateSchema,
  tradeInOfferSchema,
  type PageMeta,
  type TradeIn,
  type TradeInAdmin,
  type TradeInListQuery,
  type TradeInStatus,
} from '@dealer/shared';
import type { z } from 'zod';
import type { tradeInListQuerySchema } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { pageMeta } from '../../http/envelope';
import type { PhotoForm } from '../../http/photo-form';
import { ConflictError, NotFoundError, RetryLaterError, ValidationError, parseOrThrow } from '../../infra/errors';
import { newPhotoKey, processPhoto, removeFiles, storePhoto, toVehicleImage, type ProcessedPhoto } from '../../infra/images';
import { isUuid } from '../../infra/uuid';
import { enqueueEmail, enqueueEmails } from '../../mail/outbox';
import { recordAudit } from '../audit';
import { attemptThrottle, type AuthUser } from '../auth';
import { dealershipDateTime } from '../workshop-calendar';
import type { TradeInNoticeEvent } from './trade-ins.messages';
import * as repo from './trade-ins.repository';

const M = TRADE_IN_MESSAGES;

/** How many lapsed offers one run of the lapse job tells at most; the next run takes the rest. */
export const LAPSE_BATCH = 100;

/** What trade-ins need of other domains, wired at the composition root. */
export type TradeInsDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage' | 'redis'> & {
  /** The vehicles domain: cars on sale named by id. */
  vehicles: { summaries(db: Executor, ids: readonly string[]): Promise<{ id: string; title: string; status: string }[]> };
  /** The leads domain: the customer's open lead, and a line in its history. */
  leads: {
    openLeadOf(db: Executor, customer: { userId: string; email: string }, vehicleId: string | null): Promise<string | null>;
    record(tx: Executor, leadId: string, entry: { text: string; offerCents?: number | null; actorId?: string | null; at: Date }): Promise<void>;
  };
  /** The sales team's addresses. */
  salesTeam(db: Executor): Promise<string[]>;
};

type ListQuery = z.output<typeof tradeInListQuerySchema>;

/** The status as shown: a live offer past its expiry is Expired. */
export function shownStatus(row: Pick<repo.TradeInRow, 'status' | 'offerExpiresAt'>, now: Date): TradeInStatus {
  return row.status === 'Offer made' && row.offerExpiresAt && row.offerExpiresAt <= now ? 'Expired' : row.status;
}

const carOf = (row: repo.TradeInRow) => `${row.year} ${row.make} ${row.model}`;

/**
 * 'Value my trade-in': a signed-in customer sends their car (VIN or registration, make, model, year,
 * mileage, condition answers, up to 10 photos); the sales team answers with an offer that expires; the
 * customer accepts or declines it while it is live. A trade-in joins the customer's open lead.
 */
export function createTradeInsService(deps: TradeInsDeps) {
  const { db, clock, config, storage } = deps;
  const perCustomer = attemptThrottle(deps, { windowSeconds: 24 * 60 * 60, maxPaceSeconds: 1 }, 'dealer-trade-ins:');
  const text = (instant: Date) => dealershipDateTime(instant, config.WORKSHOP_TZ);

  async function toTradeIns(executor: Executor, rows: repo.TradeInRow[]): Promise<TradeInAdmin[]> {
    const now = clock.now();
    const vehicleIds = [...new Set(rows.flatMap((r) => (r.vehicleId ? [r.vehicleId] : [])))];
    const [photos, cars, people] = await Promise.all([
      repo.photosOf(executor, rows.map((r) => r.id)),
      vehicleIds.length ? deps.vehicles.summaries(executor, vehicleIds) : Promise.resolve([]),
      repo.peopleOf(executor, rows.flatMap((r) => (r.offeredById ? [r.userId, r.offeredById] : [r.userId]))),
    ]);
    const carById = new Map(cars.map((c) => [c.id, c]));
    return rows.map((row) => {
      const car = row.vehicleId ? carById.get(row.vehicleId) : undefined;
      const customer = people.get(row.userId) ?? { name: 'Deleted user', email: '', phone: '' };
      return {
        _id: row.id,
        status: shownStatus(row, now),
        vin: row.vin,
        registration: row.registration,
        make: row.make,
        model: row.model,
        year: row.year,
        mileage: row.mileage,
        condition: {
          accidentHistory: row.accidentHistory,
          serviceHistory: row.serviceHistory,
          keys: row.keys,
          warningLights: row.warningLights ? 'yes' : 'no',
          tyres: row.tyres,
          bodywork: row.bodywork,
        },
        notes: row.notes,
        photos: (photos.get(row.id) ?? []).map((p) => toVehicleImage(storage, row.id, p, 'trade-ins')),
        vehicle: car ? { _id: car.id, title: car.title } : null,
        offer:
          row.offerCents !== null && row.offerExpiresAt && row.offeredAt
            ? { amountCents: row.offerCents, expiresAt: row.offerExpiresAt.toISOString(), expiresAtText: text(row.offerExpiresAt), note: row.offerNote, madeAt: row.offeredAt.toISOString() }
            : null,
        answeredAt: row.answeredAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        customer: { _id: row.userId, ...customer },
        leadId: row.leadId,
        offeredBy: row.offeredById ? { _id: row.offeredById, name: people.get(row.offeredById)?.name ?? '' } : null,
      };
    });
  }

  /** The customer's view leaves out what only staff see. */
  const forCustomer = ({ customer: _c, leadId: _l, offeredBy: _o, ...tradeIn }: TradeInAdmin): TradeIn => tradeIn;

  async function one(executor: Executor, row: repo.TradeInRow): Promise<TradeInAdmin> {
    return (await toTradeIns(executor, [row]))[0]!;
  }

  async function ownRow(user: AuthUser, id: string): Promise<repo.TradeInRow> {
    const row = isUuid(id) ? await repo.findTradeIn(db, id) : undefined;
    // Another customer's trade-in is not found (no enumeration).
    if (!row || row.userId !== user.id) throw new NotFoundError(M.notFound);
    return row;
  }

  async function notifySales(tx: Executor, row: repo.TradeInRow, user: { name: string; email: string }, event: TradeInNoticeEvent) {
    const data = { tradeInId: row.id, car: carOf(row), customerName: user.name, customerEmail: user.email, mileage: row.mileage, event };
    await enqueueEmails(tx, (await deps.salesTeam(tx)).map((to) => ({ kind: 'trade-in-notice' as const, to, data })));
  }

  /** The customer accepts or declines a live offer. */
  async function answer(user: AuthUser, id: string, decision: 'Accepted' | 'Declined'): Promise<TradeIn> {
    await ownRow(user, id);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const current = await repo.lockTradeIn(tx, id);
      if (!current) throw new NotFoundError(M.notFound);
      if (current.status === 'Accepted' || current.status === 'Declined') throw new ConflictError(M.answered);
      if (current.status !== 'Offer made' || !current.offerExpiresAt) throw new ConflictError(M.noOffer);
      if (current.offerExpiresAt <= now) throw new ConflictError(M.expired(text(current.offerExpiresAt)));
      const answered = await repo.updateTradeIn(tx, id, { status: decision, answeredAt: now, updatedAt: now });
      if (answered.leadId) {
        await deps.leads.record(tx, answered.leadId, { text: `The customer ${decision.toLowerCase()} the trade-in offer for their ${carOf(answered)}.`, actorId: user.id, at: now });
      }
      await notifySales(tx, answered, user, decision === 'Accepted' ? 'accepted' : 'declined');
      return answered;
    });
    return forCustomer(await one(db, row));
  }

  /**
   * One lapsed offer told, in one transaction: the customer (with a way to ask again), the sales team
   * and the lead's history. False when another process told it first or it stopped being a lapsed offer.
   */
  async function noticeLapse(id: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await repo.claimLapsedOffer(tx, id, now);
      if (!row) return false;
      const expiredAtText = text(row.offerExpiresAt!);
      const customer = (await repo.peopleOf(tx, [row.userId])).get(row.userId);
      if (customer) {
        await enqueueEmail(tx, {
          kind: 'trade-in-offer-lapsed',
          to: customer.email,
          data: { tradeInId: row.id, car: carOf(row), customerName: customer.name, offerCents: row.offerCents!, expiresAtText: expiredAtText },
        });
        await notifySales(tx, row, customer, 'lapsed');
      }
      if (row.leadId) {
        await deps.leads.record(tx, row.leadId, { text: `The trade-in offer for the customer's ${carOf(row)} lapsed unanswered (valid until ${expiredAtText}).`, at: now });
      }
      return true;
    });
  }

  return {
    /**
     * A customer's car for valuation. Counted per account (TRADE_IN_LIMITS.perCustomerPerDay) once the
     * form is valid; photos are judged one at a time and written before the commit (a failed one leaves
     * files the sweep removes). The trade-in joins the customer's open lead, in the same transaction.
     */
    async submit(user: AuthUser, form: PhotoForm): Promise<TradeIn> {
      const input = parseOrThrow(tradeInCreateSchema, form.fields);
      if (input.vehicleId) {
        const [car] = await deps.vehicles.summaries(db, [input.vehicleId]);
        if (!car || !(PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(car.status)) throw new NotFoundError(M.vehicleNotFound);
      }
      const counted = [`user:${user.id}`];
      const wait = await perCustomer.admit({ limits: [{ key: counted[0]!, limit: TRADE_IN_LIMITS.perCustomerPerDay }] });
      if (wait > 0) throw new RetryLaterError(429, M.tooMany, wait);
      const processed: ProcessedPhoto[] = [];
      // One at a time: bounded memory and CPU, and the first bad file answers the request (and is not counted).
      try {
        for (const file of form.files) processed.push(await processPhoto(file));
      } catch (error) {
        await perCustomer.refund(counted);
        throw error;
      }
      const now = clock.now();
      const id = crypto.randomUUID();
      const written: string[] = [];
      try {
        const photos: { key: string; width: number; height: number }[] = [];
        for (const photo of processed) {
          const key = newPhotoKey();
          written.push(...(await storePhoto(storage, id, key, photo, 'trade-ins')));
          photos.push({ key, width: photo.width, height: photo.height });
        }
        const row = await db.transaction(async (tx) => {
          const leadId = await deps.leads.openLeadOf(tx, { userId: user.id, email: user.email }, input.vehicleId ?? null);
          const inserted = await repo.insertTradeIn(
            tx,
            {
              id,
              userId: user.id,
              vehicleId: input.vehicleId ?? null,
              leadId,
              vin: input.vin ?? null,
              registration: input.registration ?? null,
              make: input.make,
              model: input.model,
              year: input.year,
              mileage: input.mileage,
              accidentHistory: input.accidentHistory,
              serviceHistory: input.serviceHistory,
              keys: input.keys,
              warningLights: input.warningLights === 'yes',
              tyres: input.tyres,
              bodywork: input.bodywork,
              notes: input.notes ?? null,
              createdAt: now,
              updatedAt: now,
            },
            photos,
          );
          if (leadId) await deps.leads.record(tx, leadId, { text: `${carOf(inserted)}, ${input.mileage.toLocaleString('en-US')} miles.`, at: now });
          await notifySales(tx, inserted, user, 'submitted');
          return inserted;
        });
        return forCustomer(await one(db, row));
      } catch (error) {
        await removeFiles(storage, written);
        throw error;
      }
    },

    mine: async (user: AuthUser): Promise<TradeIn[]> => (await toTradeIns(db, await repo.listTradeInsOf(db, user.id))).map(forCustomer),
    get: async (user: AuthUser, id: string): Promise<TradeIn> => forCustomer(await one(db, await ownRow(user, id))),
    accept: (user: AuthUser, id: string) => answer(user, id, 'Accepted'),
    decline: (user: AuthUser, id: string) => answer(user, id, 'Declined'),

    /** Staff: newest first, by status as shown. */
    async list(query: ListQuery | TradeInListQuery): Promise<{ data: TradeInAdmin[]; meta: PageMeta }> {
      const page = Number(query.page ?? 1);
      const { rows, total } = await repo.listTradeIns(db, { status: query.status, now: clock.now() }, { limit: TRADE_INS_PAGE_SIZE, offset: (page - 1) * TRADE_INS_PAGE_SIZE });
      return { data: await toTradeIns(db, rows), meta: pageMeta(page, TRADE_INS_PAGE_SIZE, total) };
    },

    async detail(id: string): Promise<TradeInAdmin> {
      const row = isUuid(id) ? await repo.findTradeIn(db, id) : undefined;
      if (!row) throw new NotFoundError(M.notFound);
      return one(db, row);
    },

    /**
     * The lapse job: each offer past its expiry and unanswered is told once, to the customer and the
     * sales team and in the lead's history (a new offer can lapse and be told again). Safe on several
     * processes at once: each offer is claimed by one. Returns how many were told.
     */
    async noticeLapsedOffers(): Promise<number> {
      const now = clock.now();
      let told = 0;
      for (const row of await repo.listLapsedOffers(db, now, LAPSE_BATCH)) if (await noticeLapse(row.id, now)) told += 1;
      return told;
    },

    /**
     * Staff answer with an offer (cents), its expiry (in the future) and a note; a new offer replaces a
     * live or expired one. The customer is e-mailed, the lead's history and the audit trail note it.
     */
    async offer(actor: AuthUser, id: string, body: unknown): Promise<TradeInAdmin> {
      const { expiresAt: expiry, ...input } = parseOrThrow(tradeInOfferSchema, body);
      const expiresAt = new Date(expiry);
      const now = clock.now();
      if (expiresAt <= now) throw new ValidationError({ expiresAt: M.expiryPast }, M.expiryPast);
      if (!isUuid(id) || !(await repo.findTradeIn(db, id))) throw new NotFoundError(M.notFound);
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockTradeIn(tx, id);
        if (!current) throw new NotFoundError(M.notFound);
        if (current.status === 'Accepted' || current.status === 'Declined') throw new ConflictError(M.notOfferable);
        const offered = await repo.updateTradeIn(tx, id, {
          status: 'Offer made',
          offerCents: input.amountCents,
          offerExpiresAt: expiresAt,
          offerNote: input.note ?? null,
          offeredById: actor.id,
          offeredAt: now,
          offerLapseNoticedAt: null,
          updatedAt: now,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'trade-in.offer',
          entityType: 'trade_in',
          entityId: id,
          before: { status: shownStatus(current, now), offerCents: current.offerCents, offerExpiresAt: current.offerExpiresAt?.toISOString() ?? null },
          after: { status: 'Offer made', offerCents: input.amountCents, offerExpiresAt: expiresAt.toISOString() },
        });
        if (offered.leadId) {
          await deps.leads.record(tx, offered.leadId, {
            text: `For the customer's ${carOf(offered)}, valid until ${text(expiresAt)}.`,
            offerCents: input.amountCents,
            actorId: actor.id,
            at: now,
          });
        }
        const customer = (await repo.peopleOf(tx, [offered.userId])).get(offered.userId);
        if (customer) {
          await enqueueEmail(tx, {
            kind: 'trade-in-offer',
            to: customer.email,
            data: { tradeInId: id, car: carOf(offered), customerName: customer.name, offerCents: input.amountCents, expiresAtText: text(expiresAt), note: input.note ?? null },
          });
        }
        return offered;
      });
      return one(db, row);
    },
  };
}

export type TradeInsService = ReturnType<typeof createTradeInsService>;
