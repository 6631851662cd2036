import { z } from 'zod';
import { ROLES, USER_STATUSES } from '@dealer/shared';

export const userIdParamsSchema = z.object({ id: z.string().max(100) });

/** AdminUser: the public user plus what only the admin screens show. */
export const adminUserSchema = z.object({
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
  lastLoginAt: z.string().nullable(),
  statusReason: z.string().nullable(),
  maintenanceCount: z.number(),
});

export const userSecuritySchema = z.object({
  signIns: z.array(
    z.object({
      _id: z.string(),
      success: z.boolean(),
      reason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      _id: z.string(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});

export const revokedSchema = z.object({ revoked: z.number() });

export const passwordResetLinkSchema = z.object({ resetUrl: z.string(), expiresAt: z.string() });

export const passwordResetDoneSchema = z.object({ reset: z.literal(true) });
