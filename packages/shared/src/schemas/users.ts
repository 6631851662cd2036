import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZES, USER_STATUSES } from '../constants';
import { isoDateSchema } from './maintenance';

export const userListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(USER_STATUSES, { error: 'Unknown status' }).optional(),
  ),
  joinedFrom: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  joinedTo: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(PAGE_SIZES.users),
});

export const userStatusChangeSchema = z
  .object({
    status: z.enum(USER_STATUSES, { error: 'Unknown status' }),
    reason: z.string().trim().max(1000, 'Must be at most 1000 characters.').optional(),
  })
  .refine((v) => v.status !== 'suspended' || (v.reason && v.reason.length > 0), {
    message: 'A reason is required to suspend an account',
    path: ['reason'],
  });
