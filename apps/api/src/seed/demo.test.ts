import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldTechnicianHours, inspectionItems, leads, maintenanceAppointments, testDriveSlots, testDrives, tradeIns, users, vehicleHolds, vehicleImages, vehicles } from '../db/schema';
import { fixedClock, useTestApp } from '../test/harness';
import { seedDemoData } from './demo';
import { bearerFor } from '../test/sessions';

// A Tuesday in spring: the demo must read well whatever day it is started on.
const NOW = '2026-04-14T15:00:00Z';
const DAY = 24 * 60 * 60 * 1000;

let seconds: number;

const ctx = useTestApp({ clock: fixedClock(NOW) });
beforeAll(async () => {
  const started = performance.now();
  await seedDemoData(ctx.app.deps);
  seconds = (performance.now() - started) / 1000;
  console.info(`demo seed: ${seconds.toFixed(2)} s`);
}, 120_000);

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** The card-size file of a stored photo. */
const photoFile = (vehicleId: string, key: string) =>
  readFile(path.join(ctx.app.deps.storage.localRoot!, `vehicles/${vehicleId}/${key}-320.webp`));

describe('demo data', () => {
  it('has a handful of leads in every status, one of them overdue, shown in the inbox', async () => {
    const rows = await ctx.database.db.select().from(leads);
    expect(new Set(rows.map((l) => l.status))).toEqual(new Set(['New', 'Contacted', 'Test drive booked', 'Negotiating', 'Won', 'Lost']));
    const admin = await ctx.database.db.select().from(users);
    const auth = await bearerFor(ctx, admin.find((u) => u.role === 'ADMIN')!);
    const inbox = await ctx.app.inject({ method: 'GET', url: '/api/admin/leads?overdue=true', headers: auth });
    expect(inbox.json().data.length).toBeGreaterThanOrEqual(1);
  });

  it('seeds quickly enough for a first start', () => {
    // About 5 s of CPU, most of it drawing ~110 photos; the bound leaves room for a busy CI box: with issue 27's
    // demo data (inspection photo, estimates, invoices, garages) a CI run with the browser tests and typecheck
    // beside it measured 41 s.
    expect(seconds).toBeLessThan(60);
  });

  it('has a demo account for each staff role, and jobs for the demo technician that hold her hours', async () => {
    const staff = await ctx.database.db.select({ id: users.id, username: users.username, role: users.role }).from(users);
    for (const [username, role] of [['riley', 'SERVICE_ADVISOR'], ['dana', 'TECHNICIAN'], ['jordan', 'SALES']]) {
      expect(staff.find((u) => u.username === username)?.role).toBe(role);
    }
    const dana = staff.find((u) => u.username === 'dana')!.id;
    const jobs = await ctx.database.db.select().from(maintenanceAppointments);
    const hers = jobs.filter((j) => j.technicianId === dana);
    expect(hers.length).toBeGreaterThan(5);
    expect(hers.every((j) => j.technician === 'Dana Lee')).toBe(true);
    const open = hers.filter((j) => j.status === 'Pending' || j.status === 'Scheduled');
    const held = await ctx.database.db.select().from(heldTechnicianHours);
    expect(held.length).toBe(open.length);
    expect(open.length).toBeGreaterThan(3);
  });

  it('gives every listing several photos, each a different picture', async () => {
    const listings = await ctx.database.db.select().from(vehicles);
    const images = await ctx.database.db.select().from(vehicleImages);
    for (const listing of listings) {
      const own = images.filter((i) => i.vehicleId === listing.id);
      expect(own.length, listing.title).toBeGreaterThanOrEqual(3);
      const files = await Promise.all(own.map((i) => photoFile(listing.id, i.key)));
      expect(new Set(files.map(sha)).size, `${listing.title} shows one picture per angle`).toBe(own.length);
    }
  });

  it('draws a pickup differently from a sedan of the same colour', async () => {
    const listings = await ctx.database.db.select().from(vehicles);
    const images = await ctx.database.db.select().from(vehicleImages);
    const firstPhoto = async (title: string) => {
      const listing = listings.find((l) => l.title.includes(title))!;
      const image = images.find((i) => i.vehicleId === listing.id && i.position === 0)!;
      return sha(await photoFile(listing.id, image.key));
    };
    // Both white.
    expect(await firstPhoto('Ram 2500')).not.toBe(await firstPhoto('Nissan Leaf'));
  });

  it('creates every account before its listings, purchases and appointments, all in the past year', async () => {
    const now = Date.parse(NOW);
    const people = new Map((await ctx.database.db.select().from(users)).map((u) => [u.id, u.createdAt.getTime()]));
    for (const created of people.values()) {
      expect(created).toBeLessThan(now);
      expect(created).toBeGreaterThan(now - 400 * DAY);
    }
    const listings = await ctx.database.db.select().from(vehicles);
    for (const v of listings) {
      expect(v.createdAt.getTime(), v.title).toBeLessThanOrEqual(now);
      if (v.ownerId) expect(people.get(v.ownerId)!, `${v.title} seller joined first`).toBeLessThan(v.createdAt.getTime());
      if (v.soldAt) {
        expect(v.soldAt.getTime()).toBeGreaterThan(v.createdAt.getTime());
        expect(v.soldAt.getTime()).toBeLessThanOrEqual(now);
      }
      if (v.buyerId) expect(people.get(v.buyerId)!, `${v.title} buyer joined first`).toBeLessThan(v.soldAt!.getTime());
    }
    const ages = listings.map((v) => (now - v.createdAt.getTime()) / DAY);
    expect(Math.max(...ages), 'listings spread over the past year').toBeGreaterThan(180);
    expect(Math.max(...ages)).toBeLessThan(366);
    for (const a of await ctx.database.db.select().from(maintenanceAppointments)) {
      expect(a.createdAt.getTime()).toBeLessThan(now);
      if (a.userId) expect(people.get(a.userId)!, `${a.specificService} booked by a member`).toBeLessThan(a.createdAt.getTime());
    }
  });

  it('shows growth figures a dealership would believe', async () => {
    const admin = (await ctx.database.db.select().from(users)).find((u) => u.role === 'ADMIN')!;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: await bearerFor(ctx, admin) });
    expect(res.statusCode).toBe(200);
    const growth = res.json().data.growth as Record<string, string | null>;
    for (const [figure, label] of Object.entries(growth)) {
      expect(label, figure).toMatch(/^[+-]\d+%$/);
      expect(Math.abs(Number.parseInt(label!, 10)), `${figure} ${label}`).toBeLessThanOrEqual(100);
    }
  });
});

describe('demo trade-ins', () => {
  it('has one live offer and one expired, as their customers see them', async () => {
    const db = ctx.database.db;
    const rows = await db.select().from(tradeIns).orderBy(tradeIns.createdAt);
    expect(rows).toHaveLength(2);
    const people = await db.select().from(users);
    const person = (id: string) => people.find((u) => u.id === id)!;
    const expired = await ctx.app.inject({ method: 'GET', url: '/api/trade-ins', headers: await bearerFor(ctx, person(rows[0]!.userId)) });
    expect(expired.json().data.map((t: { status: string }) => t.status)).toEqual(['Expired']);
    const live = await ctx.app.inject({ method: 'GET', url: '/api/trade-ins', headers: await bearerFor(ctx, person(rows[1]!.userId)) });
    expect(live.json().data.map((t: { status: string }) => t.status)).toEqual(['Offer made']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/trade-ins?status=Expired', headers: await bearerFor(ctx, person(rows[0]!.offeredById!)) });
    expect(list.json().data).toHaveLength(1);
  });
});

describe('demo garage', () => {
  it("fills the demo customers' garages from their bookings, one car with its VIN, its jobs read at check-in", async () => {
    const people = await ctx.database.db.select().from(users);
    for (const username of ['jane', 'sam']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/account/garage', headers: await bearerFor(ctx, people.find((u) => u.username === username)!) });
      expect(res.statusCode).toBe(200);
      const [first] = res.json().data;
      expect(first.vin, username).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(first.history.jobs.some((j: { status: string; odometer: number | null }) => j.status === 'Completed' && j.odometer !== null), username).toBe(true);
      expect(first.currentMileage, username).not.toBeNull();
    }
  });
});

describe('demo sales desk', () => {
  it('books a few test drives on working days (counters matching) and holds one car, visible to everyone', async () => {
    const db = ctx.database.db;
    const drives = await db.select().from(testDrives);
    expect(drives.length).toBeGreaterThanOrEqual(3);
    expect(drives.every((d) => d.status === 'Booked' && new Date(`${d.date}T12:00:00Z`).getUTCDay() !== 0)).toBe(true);
    const slots = await db.select().from(testDriveSlots);
    expect(slots.reduce((sum, s) => sum + s.booked, 0)).toBe(drives.length);
    const holds = await db.select().from(vehicleHolds);
    expect(holds).toHaveLength(1);
    const hold = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${holds[0]!.vehicleId}/hold` })).json().data;
    expect(hold.reservedUntil).toBe(new Date(Date.parse(NOW) + 72 * 3_600_000).toISOString());
  });
});

describe('demo reminder intervals', () => {
  it('sets intervals for common services, shown in the workshop settings', async () => {
    const admin = (await ctx.database.db.select().from(users)).find((u) => u.role === 'ADMIN')!;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/workshop/service-intervals', headers: await bearerFor(ctx, admin) });
    const list = res.json().data as { specificService: string; months: number | null; miles: number | null }[];
    expect(list.find((s) => s.specificService === 'Oil Change')).toMatchObject({ months: 6, miles: 5000 });
    expect(list.filter((s) => s.months !== null || s.miles !== null).length).toBeGreaterThanOrEqual(5);
  });
});

describe('demo inspection', () => {
  it("fills one checked-in job's inspection, with a photo of the brakes, as the floor reads it", async () => {
    const db = ctx.database.db;
    const [first] = await db.select().from(inspectionItems).limit(1);
    expect(first).toBeDefined();
    const people = await db.select().from(users);
    const dana = people.find((u) => u.username === 'dana')!;
    const advisor = people.find((u) => u.username === 'riley')!;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/workshop/jobs/${first!.appointmentId}/inspection`, headers: await bearerFor(ctx, advisor) });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { label: string; condition: string | null; free: boolean; photos: unknown[]; updatedBy: string }[];
    expect(items).toHaveLength(9);
    expect(items.every((i) => i.condition !== null && i.updatedBy === 'Dana Lee')).toBe(true);
    expect(items.find((i) => i.label === 'Brakes')).toMatchObject({ condition: 'Needs attention now', photos: [expect.anything()] });
    expect(items.at(-1)).toMatchObject({ label: 'Exhaust', free: true });
    // The demo technician's own job when she has one checked in today.
    const [job] = await db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, first!.appointmentId));
    expect(['In progress', 'Checked in', 'Waiting for approval']).toContain(job!.stage);
    if (job!.technicianId === dana.id) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/workshop/jobs/${job!.id}/inspection`, headers: await bearerFor(ctx, dana) })).statusCode).toBe(200);
    }
  });
});

describe('demo estimates', () => {
  it("has one of Jane's estimates awaiting her decision and one decided, its approved total the job's cost", async () => {
    const db = ctx.database.db;
    const jane = (await db.select().from(users)).find((u) => u.username === 'jane')!;
    const auth = await bearerFor(ctx, jane);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/account/estimates', headers: auth })).json().data;
    type Listed = { status: string; approved: { subtotalCents: number; taxCents: number; totalCents: number } };
    expect(list.filter((e: Listed) => e.status === 'Sent')).toHaveLength(1);
    // Her paid invoice's job has a decided estimate of its own (demo invoices); this one is the tyres job's.
    // $45.00 labour + 2 x $129.00 tyres + 2 x $3.50 disposal = $310.00; 8.25 % tax = $25.58 (25.575 half up).
    const decided = list.find((e: Listed) => e.status === 'Decided' && e.approved.subtotalCents === 31_000);
    expect(decided.approved).toEqual({ subtotalCents: 31_000, taxCents: 2558, totalCents: 33_558 });
    const one = (await ctx.app.inject({ method: 'GET', url: `/api/account/estimates/${decided._id}`, headers: auth })).json().data;
    const [job] = (await db.select().from(maintenanceAppointments)).filter((a) => a.id === one.appointmentId);
    expect(job!.cost).toBe(335.58);
    expect(one.lines.find((l: { decision: string }) => l.decision === 'Declined').finding.label).toBe('Battery');
  });
});
