import type { PublicUser } from '@dealer/shared';
import type { users } from '../../db/schema';
import type { FileStorage } from '../../infra/storage';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash, the avatar as a URL. */
export function toPublicUser(row: UserRow, storage: Pick<FileStorage, 'url'>): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    avatar: row.avatarKey ? storage.url(row.avatarKey) : null,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
