import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants';
import { successSchema, tokensSchema } from './envelope';

/** A user as every response shows them. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum([ROLES.ADMIN, ROLES.USER, ROLES.SERVICE_ADVISOR, ROLES.TECHNICIAN, ROLES.SALES]),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Register, login and refresh: the user and a new access token. */
export const authResponseSchema = successSchema(publicUserSchema).extend({ tokens: tokensSchema });

/** A profile update answers with the user, and new tokens when the password changed. */
export const profileResponseSchema = successSchema(publicUserSchema).extend({ tokens: tokensSchema.optional() });

/** A user as the admin screens see it (GET api/users, GET api/users/:id). */
export const adminUserSchema = publicUserSchema.extend({
  lastLoginAt: z.string().nullable(),
  /** The reason stored with the last status change (required for a suspension); null when none. */
  statusReason: z.string().nullable(),
  maintenanceCount: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An active account staff may book for (GET api/users/customers): who it is and how to reach them. */
export const customerChoiceSchema = adminUserSchema.pick({ _id: true, name: true, email: true, phone: true });
export type CustomerChoice = z.infer<typeof customerChoiceSchema>;

export const signInEventSchema = z.object({
  _id: z.string(),
  success: z.boolean(),
  /** Why a failed attempt failed (e.g. wrong password, suspended); null on success. */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

export const activeSessionSchema = z.object({
  _id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET api/users/:id/security: the last 20 sign-in attempts and the usable refresh tokens, newest first. */
export const userSecuritySchema = z.object({
  signIns: z.array(signInEventSchema),
  sessions: z.array(activeSessionSchema),
});
export type UserSecurity = z.infer<typeof userSecuritySchema>;

/** POST api/users/:id/revoke-sessions */
export const revokedSessionsSchema = z.object({ revoked: z.number() });

/** POST api/users/:id/password-reset: a one-time link, valid 24 hours, for the admin to copy. */
export const passwordResetLinkSchema = z.object({ resetUrl: z.string(), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** POST api/auth/password-reset/check: the link works (otherwise 410). */
export const passwordResetUsableSchema = z.object({ usable: z.literal(true) });

/** POST api/auth/password-reset */
export const passwordResetDoneSchema = z.object({ reset: z.literal(true) });
