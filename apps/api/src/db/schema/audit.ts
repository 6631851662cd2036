import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    /**
     * Order of writing: entries of one transaction share its start time, and the embedded database's
     * clock may give two quick transactions the same one; newest first breaks ties on this.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.seq),
    // The site-wide log: newest first, alone or by kind of record, and by who made the change.
    index('audit_created_idx').on(t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst()),
    index('audit_kind_created_idx').on(t.entityType, t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst()),
    index('audit_actor_created_idx').on(t.actorId, t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst()),
  ],
);
