import {
  LEAD_CONFIRMATIONS,
  LEAD_MESSAGES,
  LEAD_SOURCES,
  PUBLIC_VEHICLE_STATUSES,
  isOpenLeadStatus,
  leadEnquirySchema,
  leadNoteSchema,
  leadReplySchema,
  leadUpdateSchema,
  type ContactChannel,
  type LeadDetail,
  type LeadOwner,
  type LeadReceived,
  type LeadSummary,
  type PageMeta,
} from '@dealer/shared';
import type { z } from 'zod';
import type { leadListQuerySchema } from '@dealer/shared';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { ConflictError, NotFoundError, parseOrThrow, RetryLaterError, ValidationError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import { enqueueEmail, enqueueEmails } from '../../mail/outbox';
import { pageMeta } from '../../http/envelope';
import { activeUsersWithRoles } from '../accounts';
import { attemptThrottle, type AuthUser } from '../auth';
import { vehicleSummaries } from '../vehicles';
import { addDays, addOpeningHours, workshopMoment } from '../workshop-calendar';
import * as repo from './leads.repository';

/** Enquiries one client address may send per hour, and one e-mail address per day (each e-mails that address). */
export const LEAD_LIMITS_PER_CLIENT = { perAddressPerHour: 10, perEmailPerDay: 5 } as const;

/** The sales team among the active sales staff and admins: every SALES user, or the admins when there is none. */
function salesTeam<U extends { role: string }>(staff: U[]): U[] {
  const sales = staff.filter((u) => u.role === 'SALES');
  return sales.length > 0 ? sales : staff.filter((u) => u.role === 'ADMIN');
}

/** What the leads service needs of the vehicles domain, wired at the composition root. */
export interface LeadsVehicles {
  /** The car as a visitor sees it (404 when a visitor may not). */
  visible(vehicleId: string): Promise<{ _id: string; title: string; status: string }>;
  /** Marks the car sold to the lead's customer (their account when they have one), in one transaction with closing its leads. */
  sellThroughLead(vehicleId: string, actor: AuthUser, leadId: string, buyerId: string | null): Promise<void>;
}

/** The workshop's closure days, which a lead's first-response deadline skips; wired at the composition root. */
export interface LeadsCalendar {
  /** The closure days from one date to another, both included (kept between requests by the workshop's calendar). */
  closedDays(from: string, to: string): Promise<ReadonlySet<string>>;
}

export type LeadsDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'redis'> & { vehicles: LeadsVehicles; calendar: LeadsCalendar };

/** The request's caller and address, for an enquiry. */
export interface EnquiryClient {
  user: AuthUser | null;
  ip: string | null;
}

type LeadListQuery = z.output<typeof leadListQuerySchema>;
type ListedRow = Awaited<ReturnType<typeof repo.listLeads>>['rows'][number];

export function createLeadsService(deps: LeadsDeps) {
  const { db, clock, config } = deps;
  const perAddress = attemptThrottle(deps, { windowSeconds: 60 * 60, maxPaceSeconds: 1 }, 'dealer-leads-ip:');
  const perEmail = attemptThrottle(deps, { windowSeconds: 24 * 60 * 60, maxPaceSeconds: 1 }, 'dealer-leads-email:');

  /** When the first answer to a lead that comes in now is due: LEAD_RESPONSE_HOURS of opening hours. */
  async function respondByFrom(now: Date): Promise<Date> {
    const today = workshopMoment(now, config.WORKSHOP_TZ).date;
    const closed = await deps.calendar.closedDays(today, addDays(today, 60));
    return addOpeningHours(now, config.LEAD_RESPONSE_HOURS, config.WORKSHOP_TZ, closed);
  }

  async function find(id: string): Promise<repo.LeadRow> {
    const row = isUuid(id) ? await repo.findLead(db, id) : undefined;
    if (!row) throw new NotFoundError(LEAD_MESSAGES.notFound);
    return row;
  }

  function summaries(rows: ListedRow[], cars: Map<string, { title: string; status: string }>, now: Date): LeadSummary[] {
    return rows.map(({ lead, ownerName }) => toSummary(lead, ownerName, cars.get(lead.vehicleId), now));
  }

  async function carsOf(ids: string[]) {
    const found = await vehicleSummaries(db, [...new Set(ids)]);
    return new Map(found.map((car) => [car.id, car]));
  }

  async function detail(id: string): Promise<LeadDetail> {
    const lead = await find(id);
    const now = clock.now();
    const [ownerName, cars, events, contactClicks] = await Promise.all([
      repo.ownerNameOf(db, lead.ownerId),
      carsOf([lead.vehicleId]),
      repo.eventsOf(db, lead.id),
      vehicleClicks(lead.vehicleId, now),
    ]);
    return {
      ...toSummary(lead, ownerName, cars.get(lead.vehicleId), now),
      events: events.map(({ event, actorName }) => ({
        _id: event.id,
        kind: event.kind,
        source: event.source,
        text: event.text,
        offerCents: event.offerCents,
        status: event.status,
        actor: event.actorId ? { _id: event.actorId, name: actorName ?? '' } : null,
        createdAt: event.createdAt.toISOString(),
      })),
      contactClicks,
    };
  }

  function vehicleClicks(vehicleId: string, now = clock.now()) {
    const today = workshopMoment(now, config.WORKSHOP_TZ).date;
    return repo.clickTotals(db, vehicleId, addDays(today, -29));
  }

  /** A change to an open lead by a member of staff, in one transaction with its history. */
  async function changeOpen(id: string, change: (tx: Executor, lead: repo.LeadRow, now: Date) => Promise<void>) {
    await find(id);
    await db.transaction(async (tx) => {
      const lead = await repo.lockLead(tx, id);
      if (!lead) throw new NotFoundError(LEAD_MESSAGES.notFound);
      await change(tx, lead, clock.now());
    });
    return detail(id);
  }

  return {
    /**
     * A visitor's question, test-drive request or offer about a car on sale. A robot's form (the hidden
     * field filled in) is thanked like anyone's and nothing is kept or sent. Counted per client address
     * and per e-mail address before anything is written; the lead, its history and the e-mails (a
     * confirmation to the customer, a notice to the sales team) commit together.
     */
    async enquire(vehicleId: string, body: unknown, client: EnquiryClient): Promise<LeadReceived> {
      const input = parseOrThrow(leadEnquirySchema, body);
      const car = await deps.vehicles.visible(vehicleId);
      const confirmation = { source: input.source, message: LEAD_CONFIRMATIONS[input.source] };
      const ipKey = `ip:${client.ip ?? 'unknown'}`;
      const ipWait = await perAddress.admit({ limits: [{ key: ipKey, limit: LEAD_LIMITS_PER_CLIENT.perAddressPerHour }] });
      if (ipWait > 0) throw new RetryLaterError(429, LEAD_MESSAGES.tooManyFromNetwork, ipWait);
      if (input.website) return confirmation;
      if (!(PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(car.status)) throw new ConflictError(LEAD_MESSAGES.notOnSale);
      const email = input.email.toLowerCase();
      const emailWait = await perEmail.admit({ limits: [{ key: `email:${email}`, limit: LEAD_LIMITS_PER_CLIENT.perEmailPerDay }] });
      if (emailWait > 0) throw new RetryLaterError(429, LEAD_MESSAGES.tooManyForAddress, emailWait);

      const now = clock.now();
      const respondBy = await respondByFrom(now);
      const offerCents = input.source === 'offer' ? input.offerDollars! * 100 : null;
      await db.transaction(async (tx) => {
        const { lead, joined } = await repo.upsertOpenLead(tx, {
          vehicleId: car._id,
          source: input.source,
          name: input.name,
          email,
          phone: input.phone ?? null,
          userId: client.user?.id ?? null,
          offerCents,
          now,
          respondBy,
        });
        await repo.addEvent(tx, { leadId: lead.id, kind: 'enquiry', source: input.source, text: input.message || null, offerCents, at: now });
        // A joined lead's owner, while still active sales staff, hears of it; anyone else's lead goes to the team.
        const staff = await activeUsersWithRoles(tx, ['SALES', 'ADMIN']);
        const owner = joined && lead.ownerId ? staff.find((u) => u.id === lead.ownerId) : undefined;
        const recipients = owner ? [owner.email] : salesTeam(staff).map((u) => u.email);
        // The confirmation and every notice in one insert each of messages and jobs.
        await enqueueEmails(tx, [
          {
            kind: 'lead-received',
            to: email,
            data: { vehicleId: car._id, title: car.title, name: input.name, source: input.source, offerCents },
          },
          ...recipients.map((to) => ({
            kind: 'lead-notice' as const,
            to,
            data: {
              leadId: lead.id,
              vehicleId: car._id,
              title: car.title,
              source: input.source,
              customerName: input.name,
              customerEmail: email,
              customerPhone: input.phone ?? null,
              message: input.message,
              offerCents,
              joined,
            },
          })),
        ]);
      });
      return confirmation;
    },

    /** One click on a car page's phone, e-mail or WhatsApp button, counted in the car's row for today. */
    async click(vehicleId: string, channel: ContactChannel): Promise<void> {
      const car = await deps.vehicles.visible(vehicleId);
      await repo.countClick(db, car._id, workshopMoment(clock.now(), config.WORKSHOP_TZ).date, channel);
    },

    vehicleClicks: async (vehicleId: string) => {
      // A car that was never listed (or was deleted) has no clicks to show: 404, not zeros.
      const [car] = isUuid(vehicleId) ? await vehicleSummaries(db, [vehicleId]) : [];
      if (!car) throw new NotFoundError(LEAD_MESSAGES.vehicleNotFound);
      return vehicleClicks(vehicleId);
    },

    async list(query: LeadListQuery): Promise<{ data: LeadSummary[]; meta: PageMeta }> {
      const q = query;
      const now = clock.now();
      const { rows, total } = await repo.listLeads(db, { ...q, now }, { limit: q.limit, offset: (q.page - 1) * q.limit });
      const cars = await carsOf(rows.map((r) => r.lead.vehicleId));
      return { data: summaries(rows, cars, now), meta: pageMeta(q.page, q.limit, total) };
    },

    detail,

    /** The sales users a lead may be given to. */
    async owners(): Promise<LeadOwner[]> {
      return (await activeUsersWithRoles(db, ['SALES'])).map((u) => ({ _id: u.id, name: u.name }));
    },

    /** Moves an open lead on (Won only through a sale; Lost with its reason), or gives it to a sales user. */
    async update(id: string, body: unknown, actor: AuthUser): Promise<LeadDetail> {
      const input = parseOrThrow(leadUpdateSchema, body);
      if (input.status === 'Won') throw new ValidationError({ status: LEAD_MESSAGES.wonBySale }, LEAD_MESSAGES.wonBySale);
      if (input.ownerId) {
        const sales = await activeUsersWithRoles(db, ['SALES']);
        if (!sales.some((u) => u.id === input.ownerId)) throw new ValidationError({ ownerId: LEAD_MESSAGES.owner }, LEAD_MESSAGES.owner);
      }
      return changeOpen(id, async (tx, lead, now) => {
        if (!isOpenLeadStatus(lead.status)) throw new ConflictError(LEAD_MESSAGES.closed);
        const changes: Partial<repo.LeadRow> = { updatedAt: now };
        if (input.ownerId !== undefined && input.ownerId !== lead.ownerId) {
          changes.ownerId = input.ownerId;
          const name = input.ownerId ? await repo.ownerNameOf(tx, input.ownerId) : null;
          await repo.addEvent(tx, { leadId: id, kind: 'owner', text: name ? `Owner: ${name}` : 'No owner', actorId: actor.id, at: now });
        }
        if (input.status !== undefined && input.status !== lead.status) {
          changes.status = input.status;
          if (input.status === 'Lost') changes.lostReason = input.lostReason!;
          // Moving a lead on means someone spoke to the customer: the first-response clock stops.
          if (!lead.firstResponseAt) changes.firstResponseAt = now;
          await repo.addEvent(tx, { leadId: id, kind: 'status', status: input.status, text: input.status === 'Lost' ? input.lostReason! : null, actorId: actor.id, at: now });
        }
        await repo.updateLead(tx, id, changes);
      });
    },

    /** A note only staff see, kept in the lead's history. */
    async note(id: string, body: unknown, actor: AuthUser): Promise<LeadDetail> {
      const input = parseOrThrow(leadNoteSchema, body);
      await find(id);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await repo.addEvent(tx, { leadId: id, kind: 'note', text: input.text, actorId: actor.id, at: now });
        await repo.updateLead(tx, id, { updatedAt: now });
      });
      return detail(id);
    },

    /** An answer e-mailed to the customer and kept in the history; a New lead becomes Contacted. */
    async reply(id: string, body: unknown, actor: AuthUser): Promise<LeadDetail> {
      const input = parseOrThrow(leadReplySchema, body);
      return changeOpen(id, async (tx, lead, now) => {
        if (!isOpenLeadStatus(lead.status)) throw new ConflictError(LEAD_MESSAGES.closed);
        const [car] = await vehicleSummaries(tx, [lead.vehicleId]);
        await repo.addEvent(tx, { leadId: id, kind: 'reply', text: input.message, actorId: actor.id, at: now });
        if (lead.status === 'New') await repo.addEvent(tx, { leadId: id, kind: 'status', status: 'Contacted', actorId: actor.id, at: now });
        await repo.updateLead(tx, id, {
          updatedAt: now,
          firstResponseAt: lead.firstResponseAt ?? now,
          ...(lead.status === 'New' ? { status: 'Contacted' as const } : {}),
        });
        await enqueueEmail(tx, {
          kind: 'lead-reply',
          to: lead.customerEmail,
          data: { vehicleId: lead.vehicleId, title: car?.title ?? 'car', name: lead.customerName, message: input.message, staffName: actor.name },
        });
      });
    },

    /**
     * The car sold to this lead's customer: the vehicles domain records the sale, and in its transaction
     * this lead is Won and the car's other open leads are told (closeLeadsOnSale).
     */
    async sell(id: string, actor: AuthUser): Promise<LeadDetail> {
      const lead = await find(id);
      if (!isOpenLeadStatus(lead.status)) throw new ConflictError(LEAD_MESSAGES.closed);
      const [car] = await vehicleSummaries(db, [lead.vehicleId]);
      if (car?.status === 'sold') throw new ConflictError(LEAD_MESSAGES.alreadySold);
      await deps.vehicles.sellThroughLead(lead.vehicleId, actor, lead.id, lead.userId);
      return detail(id);
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;

function toSummary(lead: repo.LeadRow, ownerName: string | null, car: { title: string; status: string } | undefined, now: Date): LeadSummary {
  const overdue = lead.firstResponseAt === null && isOpenLeadStatus(lead.status) && lead.respondBy.getTime() < now.getTime();
  return {
    _id: lead.id,
    vehicle: { _id: lead.vehicleId, title: car?.title ?? '', status: car?.status ?? '' },
    source: LEAD_SOURCES.includes(lead.source) ? lead.source : 'question',
    status: lead.status,
    lostReason: lead.lostReason,
    customer: { name: lead.customerName, email: lead.customerEmail, phone: lead.customerPhone },
    owner: lead.ownerId ? { _id: lead.ownerId, name: ownerName ?? '' } : null,
    offerCents: lead.offerCents,
    enquiries: lead.enquiries,
    createdAt: lead.createdAt.toISOString(),
    lastEnquiryAt: lead.lastEnquiryAt.toISOString(),
    respondBy: lead.respondBy.toISOString(),
    firstResponseAt: lead.firstResponseAt?.toISOString() ?? null,
    overdue,
  };
}
