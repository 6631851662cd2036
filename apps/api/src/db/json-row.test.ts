import { eq } from 'drizzle-orm';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createAppointment, createUser } from '../test/factories';
import { useTestApp } from '../test/harness';
import { jsonRowOf } from './json-row';
import { maintenanceAppointments } from './schema';

const ctx = useTestApp();

// A row read as one JSON array must be the row Drizzle reads column by column, value for value and type for type.
describe('a row as one JSON array', () => {
  const t = maintenanceAppointments;
  const both = async (id: string) => {
    const db = ctx.database.db;
    const [asColumns] = await db.select().from(t).where(eq(t.id, id));
    const [asJson] = await db.select({ row: jsonRowOf(t) }).from(t).where(eq(t.id, id));
    return { asColumns: asColumns!, asJson: asJson!.row };
  };

  it('reads every kind of column as Drizzle does: text, numbers, a date, timestamps, nulls', async () => {
    const staff = await createUser(ctx);
    const full = await createAppointment(ctx, {
      customer: { name: "Zoë O'Brien “quoted” \\ 🚗", email: 'zoe@example.com', phone: '+1 555 010 0199' },
      additionalNotes: 'Line one\nline two\ttabbed',
      cost: 1234.5,
      technicianId: staff.id,
      reminderSentAt: new Date('2026-03-09T08:07:06.789Z'),
      stage: 'In progress',
      status: 'Scheduled',
      calendarSequence: 3,
    });
    const { asColumns, asJson } = await both(full.id);
    expect(asJson).toEqual(asColumns);
    expect(asJson.createdAt).toBeInstanceOf(Date);
    expect(asJson.reminderSentAt).toEqual(new Date('2026-03-09T08:07:06.789Z'));
    expect(asJson.cost).toBe(1234.5);
    expect(asJson.appointmentDate).toBe('2026-03-10');
    expect(Object.keys(asJson)).toEqual(Object.keys(asColumns));

    const bare = await createAppointment(ctx, { cost: null, additionalNotes: null });
    const second = await both(bare.id);
    expect(second.asJson).toEqual(second.asColumns);
    expect(second.asJson.reminderSentAt).toBeNull();
  });

  it('refuses, when built, a column whose JSON would not be what Drizzle reads', () => {
    const local = pgTable('local_times', { id: uuid('id'), at: timestamp('at') });
    expect(() => jsonRowOf(local)).toThrow('jsonRowOf: at is a PgTimestamp');
    const documents = pgTable('documents', { id: uuid('id'), body: jsonb('body') });
    expect(() => jsonRowOf(documents)).toThrow('jsonRowOf: body is a PgJsonb');
  });
});
