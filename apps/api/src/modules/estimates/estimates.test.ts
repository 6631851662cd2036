import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_MESSAGES as M, lineAmountCents, taxCentsOf } from '@dealer/shared';
import { auditEntries, emailMessages, estimateLines, estimates, inspectionItemPhotos, inspectionItems, maintenanceAppointments } from '../../db/schema';
import { createBookedAppointment, type TestUser } from '../../test/factories';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { estimateLinkToken } from './estimates.token';

// Monday 1 June 2026, 07:00 in New York.
const TODAY = '2026-06-01';
const clock = fixedClock('2026-06-01T11:00:00Z');
const ctx = useTestApp({ clock });
const users = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  advisor: { role: 'SERVICE_ADVISOR', name: 'Ada Advisor' },
  tech: { role: 'TECHNICIAN', name: 'Tess Tech' },
  otherTech: { role: 'TECHNICIAN', name: 'Omar Other' },
  sales: { role: 'SALES' },
  customer: { name: 'Carla Customer' },
  stranger: { name: 'Sam Stranger' },
});
const { admin, advisor, tech, otherTech, sales, customer, stranger } = users;

type Method = 'GET' | 'POST' | 'PUT';
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown, remoteAddress?: string) =>
  ctx.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }), ...(remoteAddress ? { remoteAddress } : {}) });

let n = 0;
/** A Scheduled job of Carla's today, assigned to Tess Tech, checked in (unless told), with two findings (one with a photo). */
async function job(options: { checkIn?: boolean } = {}) {
  n += 1;
  const row = await createBookedAppointment(ctx, {
    appointmentDate: TODAY,
    appointmentTime: '09:00 AM',
    status: 'Scheduled',
    userId: customer.id,
    technician: 'Tess Tech',
    technicianId: tech.id,
    vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration: `EST-${n}` },
    customer: { name: 'Carla Customer', email: customer.email, phone: '5550001111' },
  });
  const findings: string[] = [];
  if (options.checkIn !== false) {
    const res = await call(advisor, 'POST', `/api/workshop/jobs/${row.id}/check-in`, { odometer: 1000 * n, fuelLevel: 'Full' });
    expect(res.statusCode, res.body).toBe(200);
    const items = await ctx.database.db
      .insert(inspectionItems)
      .values([
        { appointmentId: row.id, position: 0, label: 'Brakes', condition: 'Needs attention now', note: 'Front pads at 2 mm' },
        { appointmentId: row.id, position: 1, label: 'Wipers', condition: 'Needs attention soon', note: 'Streaking' },
      ])
      .returning({ id: inspectionItems.id });
    await ctx.database.db.insert(inspectionItemPhotos).values({ itemId: items[0]!.id, position: 0, key: 'pads', width: 800, height: 600 });
    findings.push(...items.map((i) => i.id));
  }
  return { id: row.id, findings };
}

/** Labour 1.5 h, a part 1.50 x $10.01 (1501.5 cents: half up to 1502) and a fee. */
const threeLines = (findings: string[]) => [
  { kind: 'Labour', description: 'Replace front brake pads', quantityHundredths: 150, inspectionItemId: findings[0] },
  { kind: 'Part', description: 'Wiper blades', quantityHundredths: 150, unitPriceCents: 1001, inspectionItemId: findings[1] },
  { kind: 'Fee', description: 'Disposal', quantityHundredths: 100, unitPriceCents: 250 },
];
const save = (user: TestUser, id: string, lines: unknown[], extra: Record<string, unknown> = {}) => call(user, 'PUT', `/api/workshop/jobs/${id}/estimate`, { lines, ...extra });
const send = (user: TestUser, id: string) => call(user, 'POST', `/api/workshop/jobs/${id}/estimate/send`);

/** The token of the last estimate e-mail to Carla's address (from the queued message's link). */
async function lastLink(): Promise<{ id: string; token: string }> {
  const rows = await ctx.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, customer.email), eq(emailMessages.kind, 'estimate-sent')));
  const sorted = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || 0);
  const path = (sorted[sorted.length - 1]!.payload as { path: string }).path;
  const match = /^\/estimates\/([^/]+)\/decide#(.+)$/.exec(path)!;
  return { id: match[1]!, token: match[2]! };
}

async function sentJob() {
  const j = await job();
  expect((await save(advisor, j.id, threeLines(j.findings))).statusCode).toBe(200);
  expect((await send(advisor, j.id)).statusCode).toBe(200);
  const link = await lastLink();
  const estimate = (await call(null, 'POST', `/api/estimates/${link.id}/link`, { token: link.token })).json().data;
  return { ...j, ...link, estimate };
}

const decisionsFor = (estimate: { lines: { _id: string }[] }, declineLast = true) =>
  estimate.lines.map((l, i) => ({ lineId: l._id, decision: declineLast && i === estimate.lines.length - 1 ? 'Declined' : 'Approved' }));

describe(`estimates: the advisor writes and sends (${TEST_DB_KIND})`, () => {
  it('computes every amount in integer cents, half up, tax once on the subtotal, at the workshop rates', async () => {
    const settings = (await call(admin, 'GET', '/api/admin/workshop/settings')).json().data;
    expect(settings.rates).toEqual({ hourlyRateCents: 9000, taxRateBasisPoints: 0 });
    const saved = await call(admin, 'PUT', '/api/admin/workshop/settings', { resources: settings.resources, services: [], rates: { hourlyRateCents: 9550, taxRateBasisPoints: 825 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.rates).toEqual({ hourlyRateCents: 9550, taxRateBasisPoints: 825 });

    const j = await job();
    const res = await save(advisor, j.id, [...threeLines(j.findings).slice(0, 2), { ...threeLines(j.findings)[2], unitPriceCents: 250 }]);
    expect(res.statusCode, res.body).toBe(200);
    const editor = res.json().data;
    const amounts = editor.estimate.lines.map((l: { amountCents: number }) => l.amountCents);
    // 1.5 h x $95.50 = $143.25; 1.5 x $10.01 = 1501.5 cents -> 1502; 1 x $2.50.
    expect(amounts).toEqual([14325, 1502, 250]);
    expect(editor.estimate.lines[0].unitPriceCents).toBe(9550);
    const subtotal = 14325 + 1502 + 250;
    // 16077 x 8.25 % = 1326.3525 -> 1326, on the subtotal.
    expect(editor.estimate.totals).toEqual({ subtotalCents: subtotal, taxCents: 1326, totalCents: subtotal + 1326 });
    expect(editor.estimate.status).toBe('Draft');
    expect(editor.estimate.lines[0].finding).toMatchObject({ label: 'Brakes', note: 'Front pads at 2 mm' });
    expect(editor.estimate.lines[0].finding.photos[0].url).toContain(`inspections/${j.id}/pads-`);
    // A finding's photo is the customer's: a signed, expiring link (issue 26).
    expect(editor.estimate.lines[0].finding.photos[0].url).toMatch(/^\/uploads\/inspections\/[^?]+\?exp=\d+&sig=[\w-]+$/);
    expect(editor.findings).toHaveLength(2);
    // Back to the defaults for the other tests.
    await call(admin, 'PUT', '/api/admin/workshop/settings', { resources: settings.resources, services: [], rates: { hourlyRateCents: 9000, taxRateBasisPoints: 0 } });
  });

  it('rounds half up and keeps tax exact (shared arithmetic)', () => {
    expect(lineAmountCents(150, 1001)).toBe(1502);
    expect(lineAmountCents(149, 1001)).toBe(1491);
    expect(lineAmountCents(999_999, 9_999_999)).toBe(99_999_890_000);
    expect(taxCentsOf(200, 2500)).toBe(50);
    expect(taxCentsOf(2, 2500)).toBe(1); // 0.5 goes up
    expect(taxCentsOf(1, 4999)).toBe(0);
  });

  it('sends: a new version, the customer e-mailed a link, the job Waiting for approval; audited', async () => {
    const j = await job();
    await save(advisor, j.id, threeLines(j.findings));
    const res = await send(advisor, j.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.estimate).toMatchObject({ status: 'Sent', version: 1, sentBy: 'Ada Advisor' });
    expect(res.json().data.stage).toBe('Waiting for approval');
    const link = await lastLink();
    expect(link.id).toBe(res.json().data.estimate._id);
    const trail = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, j.id));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['estimate.save', 'estimate.send']));
  });

  it('lets technicians read their own jobs only, and only advisors and admins write', async () => {
    const j = await job();
    await save(advisor, j.id, threeLines(j.findings));
    expect((await call(tech, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).json().data.editable).toBe(false);
    expect((await call(admin, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).json().data.editable).toBe(true);
    expect((await call(otherTech, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).statusCode).toBe(404);
    expect((await call(sales, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).statusCode).toBe(403);
    expect((await call(customer, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/workshop/jobs/${j.id}/estimate`)).statusCode).toBe(401);
    for (const user of [tech, sales, customer]) {
      expect((await save(user, j.id, threeLines(j.findings))).statusCode).toBe(403);
      expect((await send(user, j.id)).statusCode).toBe(403);
    }
    expect((await save(admin, j.id, threeLines(j.findings))).statusCode).toBe(200);
  });

  it('refuses bad lines with field messages, and nothing changes', async () => {
    const j = await job();
    const cases: [unknown[], string, string][] = [
      [[], 'lines', M.noLines],
      [[{ kind: 'Hours', description: 'x', quantityHundredths: 100 }], 'lines.0.kind', M.kind],
      [[{ kind: 'Part', description: ' ', quantityHundredths: 100, unitPriceCents: 1 }], 'lines.0.description', M.description],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: -100, unitPriceCents: 1 }], 'lines.0.quantityHundredths', M.quantity],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 0, unitPriceCents: 1 }], 'lines.0.quantityHundredths', M.quantity],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 1.5, unitPriceCents: 1 }], 'lines.0.quantityHundredths', M.quantity],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 100, unitPriceCents: -1 }], 'lines.0.unitPriceCents', M.unitPrice],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 100 }], 'lines.0.unitPriceCents', M.unitPrice],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 100, unitPriceCents: 10_000_000 }], 'lines.0.unitPriceCents', M.unitPriceTooHigh],
      [[{ kind: 'Part', description: 'Pads', quantityHundredths: 999_999, unitPriceCents: 9_999_999 }], 'lines.0.unitPriceCents', M.lineTooHigh],
      [[{ kind: 'Fee', description: 'x', quantityHundredths: 100, unitPriceCents: 1, inspectionItemId: 'nope' }], 'lines.0.inspectionItemId', M.finding],
      [[{ kind: 'Fee', description: 'x', quantityHundredths: 100, unitPriceCents: 1, inspectionItemId: crypto.randomUUID() }], 'lines.0.inspectionItemId', M.finding],
    ];
    for (const [lines, field, message] of cases) {
      const res = await save(advisor, j.id, lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(lines)).toBe(message);
    }
    expect(await ctx.database.db.select().from(estimates).where(eq(estimates.appointmentId, j.id))).toEqual([]);
    expect((await save(advisor, crypto.randomUUID(), threeLines([]))).statusCode).toBe(404);
    expect((await send(advisor, j.id)).json().message).toBe(M.noEstimate);
  });

  it('refuses bad workshop rates with field messages', async () => {
    const settings = (await call(admin, 'GET', '/api/admin/workshop/settings')).json().data;
    for (const [rates, field, message] of [
      [{ hourlyRateCents: -1, taxRateBasisPoints: 0 }, 'rates.hourlyRateCents', 'Enter the hourly rate in dollars and cents, from $0.00 to $99,999.99'],
      [{ hourlyRateCents: 9000, taxRateBasisPoints: 10_001 }, 'rates.taxRateBasisPoints', 'Enter the tax rate as a percentage from 0 to 100 with at most two decimals'],
      [{ hourlyRateCents: 90.5, taxRateBasisPoints: 0 }, 'rates.hourlyRateCents', 'Enter the hourly rate in dollars and cents, from $0.00 to $99,999.99'],
    ] as const) {
      const res = await call(admin, 'PUT', '/api/admin/workshop/settings', { resources: settings.resources, services: [], rates });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await call(advisor, 'PUT', '/api/admin/workshop/settings', { resources: settings.resources, services: [], rates: settings.rates })).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/admin/workshop/settings')).json().data.rates).toEqual(settings.rates);
  });

  it('refuses sending before check-in, and a stale save', async () => {
    const j = await job({ checkIn: false });
    expect((await save(advisor, j.id, threeLines([]).map(({ inspectionItemId: _i, ...l }) => l))).statusCode).toBe(200);
    const res = await send(advisor, j.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.notCheckedIn);
    const stale = await save(advisor, j.id, threeLines([]).map(({ inspectionItemId: _i, ...l }) => l), { expectedUpdatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.staleEdit);
  });
});

describe(`estimates: the customer decides (${TEST_DB_KIND})`, () => {
  it('lists and shows the customer their own estimates only', async () => {
    const s = await sentJob();
    const list = (await call(customer, 'GET', '/api/account/estimates')).json().data;
    expect(list.map((e: { _id: string }) => e._id)).toContain(s.id);
    const one = await call(customer, 'GET', `/api/account/estimates/${s.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.lines).toHaveLength(3);
    expect(one.json().data.lines[0].finding.note).toBe('Front pads at 2 mm');
    expect((await call(stranger, 'GET', `/api/account/estimates/${s.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/account/estimates')).json().data).toEqual([]);
    expect((await call(null, 'GET', '/api/account/estimates')).statusCode).toBe(401);
    // A first draft is the workshop's.
    const draft = await job();
    await save(advisor, draft.id, threeLines(draft.findings));
    const [row] = await ctx.database.db.select().from(estimates).where(eq(estimates.appointmentId, draft.id));
    expect((await call(customer, 'GET', `/api/account/estimates/${row!.id}`)).statusCode).toBe(404);
  });

  it('decides through the e-mailed link signed out: 2 of 3 approved, cost, stage, address, the advisor told; final', async () => {
    const s = await sentJob();
    expect(s.estimate.totals.totalCents).toBe(13500 + 1502 + 250);
    const res = await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: s.token, decisions: decisionsFor(s.estimate), fullName: '  carla   CUSTOMER ' }, '203.0.113.7');
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json().data;
    expect(decided.status).toBe('Decided');
    expect(decided.lines.map((l: { decision: string }) => l.decision)).toEqual(['Approved', 'Approved', 'Declined']);
    expect(decided.approved).toEqual({ subtotalCents: 15002, taxCents: 0, totalCents: 15002 });
    const [appointment] = await ctx.database.db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, s.id.length ? s.estimate.appointmentId : ''));
    expect(appointment!.cost).toBe(150.02);
    expect(appointment!.stage).toBe('In progress');
    const [row] = await ctx.database.db.select().from(estimates).where(eq(estimates.id, s.id));
    expect(row).toMatchObject({ decidedName: 'carla CUSTOMER', decidedIp: '203.0.113.7' });
    expect(row!.decidedAt?.toISOString()).toBe('2026-06-01T11:00:00.000Z');
    const told = await ctx.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, advisor.email), eq(emailMessages.kind, 'estimate-decided')));
    expect(told.length).toBeGreaterThan(0);
    // Declined lines stay, as recommended work.
    const lines = await ctx.database.db.select().from(estimateLines).where(eq(estimateLines.estimateId, s.id));
    expect(lines.filter((l) => l.decision === 'Declined')).toHaveLength(1);

    // Final: a second decision (link or account), and an edit, are refused; nothing changes.
    const again = await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: s.token, decisions: decisionsFor(s.estimate, false), fullName: 'Carla Customer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDecided);
    const mine = await call(customer, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 1, decisions: decisionsFor(s.estimate, false), fullName: 'Carla Customer' });
    expect(mine.json().message).toBe(M.alreadyDecided);
    const edit = await save(admin, s.estimate.appointmentId, threeLines(s.findings));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(M.decidedLocked);
    const after = await call(customer, 'GET', `/api/account/estimates/${s.id}`);
    expect(after.json().data.lines.map((l: { decision: string }) => l.decision)).toEqual(['Approved', 'Approved', 'Declined']);
  });

  it('decides in the account with the version shown', async () => {
    const s = await sentJob();
    const stale = await call(customer, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 2, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.staleVersion);
    expect((await call(stranger, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 1, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' })).statusCode).toBe(404);
    const res = await call(customer, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 1, decisions: decisionsFor(s.estimate, false), fullName: 'Carla Customer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.approved.totalCents).toBe(s.estimate.totals.totalCents);
    const trail = await ctx.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, s.estimate.appointmentId), eq(auditEntries.action, 'estimate.decide')));
    expect(trail[0]!.actorId).toBe(customer.id);
  });

  it('refuses bad decisions with a clear message, and nothing changes', async () => {
    const s = await sentJob();
    const body = (extra: Record<string, unknown>) => ({ token: s.token, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer', ...extra });
    const decideLink = (payload: unknown, id = s.id) => call(null, 'POST', `/api/estimates/${id}/link/decision`, payload);
    const cases: [unknown, number, string][] = [
      [body({ fullName: '' }), 422, M.fullName],
      [body({ fullName: 'Someone Else' }), 422, M.fullNameMismatch('Carla Customer')],
      [body({ decisions: decisionsFor(s.estimate).slice(0, 2) }), 422, M.decisionEach],
      [body({ decisions: [...decisionsFor(s.estimate), { lineId: crypto.randomUUID(), decision: 'Approved' }] }), 422, M.decisionUnknownLine],
      [body({ decisions: decisionsFor(s.estimate).map((d) => ({ ...d, decision: 'Maybe' })) }), 422, M.decisionEach],
      [body({ token: 'forged' }), 403, M.linkInvalid],
      [body({ token: `${s.token.slice(0, -3)}abc` }), 403, M.linkInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const res = await decideLink(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      const errors = res.json().errors as Record<string, string> | undefined;
      expect(errors ? Object.values(errors)[0] : res.json().message, JSON.stringify(payload)).toBe(message);
    }
    // A token for another estimate shows only its own.
    const other = await sentJob();
    for (const res of [await decideLink(body({ token: other.token })), await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: other.token })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.linkOtherEstimate);
    }
    const [row] = await ctx.database.db.select().from(estimates).where(eq(estimates.id, s.id));
    expect(row!.status).toBe('Sent');
    const lines = await ctx.database.db.select().from(estimateLines).where(eq(estimateLines.estimateId, s.id));
    expect(lines.every((l) => l.decision === null)).toBe(true);
  });

  it('refuses an expired link (7 days)', async () => {
    const s = await sentJob();
    const expired = estimateLinkToken(ctx.app.deps.tokens, { estimateId: s.id, version: 1, expiresAt: new Date(clock.now().getTime() - 1000) });
    for (const res of [
      await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: expired }),
      await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: expired, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(M.linkExpired);
    }
    clock.advance(7 * 86_400_000 + 1000);
    try {
      const res = await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: s.token });
      expect(res.statusCode).toBe(410);
    } finally {
      clock.set('2026-06-01T11:00:00Z');
    }
    expect((await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: s.token })).statusCode).toBe(200);
  });

  it('an edit after sending returns it to Draft: the link is refused until sent again, then the old link is refused', async () => {
    const s = await sentJob();
    const edited = await save(advisor, s.estimate.appointmentId, threeLines(s.findings).slice(0, 2));
    expect(edited.json().data.estimate).toMatchObject({ status: 'Draft', version: 1 });
    const decision = { token: s.token, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' };
    const whileDraft = await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, decision);
    expect(whileDraft.statusCode).toBe(409);
    expect(whileDraft.json().message).toBe(M.changedSinceSent);
    expect((await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: s.token })).json().message).toBe(M.changedSinceSent);
    const mine = await call(customer, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 1, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' });
    expect(mine.json().message).toBe(M.changedSinceSent);
    expect((await send(advisor, s.estimate.appointmentId)).json().data.estimate.version).toBe(2);
    for (const old of [await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, decision), await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: s.token })]) {
      expect(old.statusCode).toBe(409);
      expect(old.json().message).toBe(M.linkOldVersion);
    }
    const fresh = await lastLink();
    const shown = (await call(null, 'POST', `/api/estimates/${s.id}/link`, { token: fresh.token })).json().data;
    expect(shown.lines).toHaveLength(2);
    const ok = await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: fresh.token, decisions: decisionsFor(shown), fullName: 'Carla Customer' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('two simultaneous decisions leave exactly one', async () => {
    const s = await sentJob();
    const results = await Promise.all([
      call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: s.token, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' }),
      call(customer, 'POST', `/api/account/estimates/${s.id}/decision`, { version: 1, decisions: decisionsFor(s.estimate, false), fullName: 'Carla Customer' }),
      call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: s.token, decisions: decisionsFor(s.estimate, false), fullName: 'Carla Customer' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    for (const loser of results.filter((r) => r.statusCode === 409)) expect(loser.json().message).toBe(M.alreadyDecided);
    const lines = await ctx.database.db.select().from(estimateLines).where(eq(estimateLines.estimateId, s.id));
    const byId = new Map(lines.map((l) => [l.id, l.decision]));
    expect(winner.lines.map((l: { _id: string }) => byId.get(l._id))).toEqual(winner.lines.map((l: { decision: string }) => l.decision));
    const decidedMails = await ctx.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, s.estimate.appointmentId), eq(auditEntries.action, 'estimate.decide')));
    expect(decidedMails).toHaveLength(1);
  });

  it('refuses a decision once the job is closed', async () => {
    const s = await sentJob();
    await ctx.database.db.update(maintenanceAppointments).set({ status: 'Completed', stage: 'Completed' }).where(eq(maintenanceAppointments.id, s.estimate.appointmentId));
    const res = await call(null, 'POST', `/api/estimates/${s.id}/link/decision`, { token: s.token, decisions: decisionsFor(s.estimate), fullName: 'Carla Customer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.jobClosed);
  });
});
