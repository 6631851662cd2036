import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { FileStorage } from '../../infra/storage';
import { LEGACY_AVATAR } from '../../infra/storage-layout';
import { newAvatarKey } from './avatar';

export interface AvatarMoveResult {
  moved: number;
  /** Rows whose old file is gone: left as they are (nothing to move), and counted for the log. */
  missing: number;
  /** Rows that changed while their picture was copied (a new picture, another server's move): theirs stands. */
  superseded: number;
  /** Rows the storage failed for (read or write): left as they are, tried again at the next start. */
  failed: number;
}

/**
 * Avatars were once stored as avatars/<user id>/<random>.webp, so a public seller card's picture
 * URL named the account. Each such picture is copied to a key of its own (avatars/<random>.webp),
 * the row is switched only if it still points at the old file (another server starting at the same
 * time, or the user changing the picture, wins), and the old file is removed once nothing refers to
 * it. Run at start-up; idempotent, and a no-op once every avatar has moved.
 */
export async function moveLegacyAvatars(db: Database, storage: FileStorage): Promise<AvatarMoveResult> {
  const rows = await db.select({ id: users.id, key: users.avatarKey }).from(users).where(like(users.avatarKey, 'avatars/%/%'));
  const result: AvatarMoveResult = { moved: 0, missing: 0, superseded: 0, failed: 0 };
  for (const row of rows) {
    if (!LEGACY_AVATAR.test(row.key!)) continue;
    try {
      result[await moveOne(db, storage, row.id, row.key!)] += 1;
    } catch {
      result.failed += 1;
    }
  }
  return result;
}

async function moveOne(db: Database, storage: FileStorage, userId: string, oldKey: string): Promise<'moved' | 'missing' | 'superseded'> {
  const file = await storage.read(oldKey);
  if (!file) return 'missing';
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const newKey = newAvatarKey();
  await storage.put(newKey, Buffer.concat(chunks));
  const switched = await db
    .update(users)
    .set({ avatarKey: newKey })
    .where(and(eq(users.id, userId), eq(users.avatarKey, oldKey)))
    .returning({ id: users.id });
  if (switched.length === 0) {
    // The row changed meanwhile (the user's new picture, or another server's move): that one stands.
    await storage.remove(newKey).catch(() => undefined);
    return 'superseded';
  }
  await storage.remove(oldKey).catch(() => undefined);
  return 'moved';
}
