import { asc, desc, eq } from 'drizzle-orm';
import type { LeadEventKind, LeadSource, LeadStatus } from '@dealer/shared';
import type { AppDeps } from '../app';
import { leadEvents, leads, vehicleContactClicks, vehicles } from '../db/schema';
import { addDays, workshopMoment } from '../modules/workshop-calendar';
import type { DemoUsers } from './demo-users';

const HOUR_MS = 60 * 60 * 1000;

interface DemoLead {
  source: LeadSource;
  status: LeadStatus;
  name: string;
  email: string;
  phone?: string;
  message: string;
  offerDollars?: number;
  /** Hours before the seed the enquiry came in. */
  ageHours: number;
  /** Hours after it came in that sales first answered; none: not yet. */
  answeredAfterHours?: number;
  reply?: string;
  note?: string;
  lostReason?: string;
  /** A demo account that asked signed in. */
  account?: 'jane' | 'sam';
}

/** A handful of leads in every open status and one lost, on the first public cars, some answered late. */
const PLAN: DemoLead[] = [
  { source: 'question', status: 'New', name: 'Rachel Adams', email: 'rachel.adams@example.com', message: 'Has this car ever been in an accident?', ageHours: 1 },
  { source: 'test-drive', status: 'New', name: 'Marcus Lee', email: 'marcus.lee@example.com', phone: '+1 (555) 010-0141', message: 'Saturday morning if possible.', ageHours: 30 },
  {
    source: 'question',
    status: 'Contacted',
    name: 'Jane Cooper',
    email: 'jane@example.com',
    account: 'jane',
    message: 'Does it come with a second key?',
    ageHours: 50,
    answeredAfterHours: 1,
    reply: 'Hello Jane, yes: both keys and the service book come with the car.',
  },
  {
    source: 'test-drive',
    status: 'Test drive booked',
    name: 'Sam Patel',
    email: 'sam@example.com',
    account: 'sam',
    message: 'Any weekday after 5 PM.',
    ageHours: 75,
    answeredAfterHours: 3,
    reply: 'Hello Sam, we have you down for Thursday at 5:30 PM.',
    note: 'Wants to bring his own mechanic.',
  },
  {
    source: 'offer',
    status: 'Negotiating',
    name: 'Grace Kim',
    email: 'grace.kim@example.com',
    phone: '+1 (555) 010-0143',
    message: 'Cash buyer, can collect this week.',
    offerDollars: 18500,
    ageHours: 120,
    answeredAfterHours: 2,
    reply: 'Thank you Grace: we can meet you at $19,200.',
  },
  {
    source: 'question',
    status: 'Lost',
    name: 'Peter Novak',
    email: 'peter.novak@example.com',
    message: 'Is financing available?',
    ageHours: 240,
    answeredAfterHours: 5,
    reply: 'Hello Peter, yes: we work with three lenders.',
    lostReason: 'Bought a car elsewhere',
  },
];

/** Demo leads, their histories, and clicks on the contact buttons of the same cars. */
export async function seedDemoLeads(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, userIds: DemoUsers): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  const cars = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.status, 'available')).orderBy(asc(vehicles.createdAt)).limit(PLAN.length);
  if (cars.length === 0) return;
  for (const [i, plan] of PLAN.entries()) {
    const vehicleId = cars[i % cars.length]!.id;
    const at = new Date(now - plan.ageHours * HOUR_MS);
    const answeredAt = plan.answeredAfterHours === undefined ? null : new Date(at.getTime() + plan.answeredAfterHours * HOUR_MS);
    const offerCents = plan.offerDollars === undefined ? null : plan.offerDollars * 100;
    const [lead] = await db
      .insert(leads)
      .values({
        vehicleId,
        source: plan.source,
        status: plan.status,
        lostReason: plan.lostReason ?? null,
        customerName: plan.name,
        customerEmail: plan.email,
        emailKey: plan.email,
        customerPhone: plan.phone ?? null,
        userId: plan.account ? userIds[plan.account] : null,
        offerCents,
        lastEnquiryAt: at,
        // Two opening hours, near enough for demo data: an unanswered day-old lead shows as overdue.
        respondBy: new Date(at.getTime() + 2 * HOUR_MS),
        firstResponseAt: answeredAt,
        createdAt: at,
        updatedAt: answeredAt ?? at,
      })
      .returning({ id: leads.id });
    const events: { kind: LeadEventKind; at: Date; text?: string; source?: LeadSource; status?: string; offerCents?: number | null; actorId?: string }[] = [
      { kind: 'enquiry', at, text: plan.message, source: plan.source, offerCents },
    ];
    if (answeredAt && plan.reply) {
      events.push({ kind: 'reply', at: answeredAt, text: plan.reply, actorId: userIds.admin });
      events.push({ kind: 'status', at: new Date(answeredAt.getTime() + 1000), status: 'Contacted', actorId: userIds.admin });
    }
    if (plan.note) events.push({ kind: 'note', at: new Date(at.getTime() + 4 * HOUR_MS), text: plan.note, actorId: userIds.admin });
    if (plan.status !== 'New' && plan.status !== 'Contacted') {
      events.push({ kind: 'status', at: new Date(at.getTime() + 6 * HOUR_MS), status: plan.status, text: plan.lostReason, actorId: userIds.admin });
    }
    await db.insert(leadEvents).values(events.map(({ at: createdAt, ...e }) => ({ leadId: lead!.id, ...e, createdAt })));
  }
  await seedWonLead(deps, userIds);
  const today = workshopMoment(new Date(now), deps.config.WORKSHOP_TZ).date;
  await db.insert(vehicleContactClicks).values(
    cars.flatMap((car, i) => [
      { vehicleId: car.id, day: today, channel: 'phone' as const, clicks: 3 + i },
      { vehicleId: car.id, day: addDays(today, -2), channel: 'whatsapp' as const, clicks: 1 + (i % 3) },
      { vehicleId: car.id, day: addDays(today, -40), channel: 'email' as const, clicks: 2 },
    ]),
  );
}

/** The latest sale's buyer as a Won lead: asked a week before the sale, answered within the hour. */
async function seedWonLead({ db }: Pick<AppDeps, 'db'>, userIds: DemoUsers): Promise<void> {
  const [car] = await db.select({ id: vehicles.id, soldAt: vehicles.soldAt }).from(vehicles).where(eq(vehicles.status, 'sold')).orderBy(desc(vehicles.soldAt)).limit(1);
  if (!car?.soldAt) return;
  const at = new Date(car.soldAt.getTime() - 7 * 24 * HOUR_MS);
  const answeredAt = new Date(at.getTime() + 0.75 * HOUR_MS);
  const email = 'olivia.brown@example.com';
  const [lead] = await db
    .insert(leads)
    .values({
      vehicleId: car.id,
      source: 'test-drive',
      status: 'Won',
      customerName: 'Olivia Brown',
      customerEmail: email,
      emailKey: email,
      lastEnquiryAt: at,
      respondBy: new Date(at.getTime() + 2 * HOUR_MS),
      firstResponseAt: answeredAt,
      createdAt: at,
      updatedAt: car.soldAt,
    })
    .returning({ id: leads.id });
  await db.insert(leadEvents).values([
    { leadId: lead!.id, kind: 'enquiry', source: 'test-drive', text: 'Could I drive it on Saturday?', createdAt: at },
    { leadId: lead!.id, kind: 'reply', text: 'Hello Olivia, Saturday at 10 AM is yours.', actorId: userIds.admin, createdAt: answeredAt },
    { leadId: lead!.id, kind: 'status', status: 'Won', text: 'Sold to this customer', actorId: userIds.admin, createdAt: car.soldAt },
  ]);
}
