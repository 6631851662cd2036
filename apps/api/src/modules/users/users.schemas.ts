import { z } from 'zod';
import { ROLES, USER_STATUSES } from '@dealer/shared';

/** The response shape of a user (OpenAPI and the serializer). */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum([ROLES.ADMIN, ROLES.USER]),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const tokensSchema = z.object({ accessToken: z.string() });

/** `{ status, data: user, tokens }` of register, login and refresh. */
export const authResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: publicUserSchema,
  tokens: tokensSchema,
});

/** A profile update answers with the user, and new tokens when the password changed. */
export const profileResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: publicUserSchema,
  tokens: tokensSchema.optional(),
});
