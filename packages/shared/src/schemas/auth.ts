import { z } from 'zod';
import { LIMITS } from '../constants';
import { storableSecret, storableString } from './text';

export const passwordSchema = storableSecret({ error: 'Password must be at least 8 characters.' })
  .min(LIMITS.passwordMin, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

const requiredText = (message: string, max = 200) =>
  storableString({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters.`);

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .refine((v) => !v.includes('..'), 'Username must not contain consecutive dots.')
  .refine((v) => !v.endsWith('.'), 'Username must not end with a dot.')
  .refine((v) => v.length <= LIMITS.usernameMax, 'Username must be at most 30 characters long.')
  .refine((v) => /^[A-Za-z0-9_.]*$/.test(v), 'Username can only contain letters, numbers, underscores, and dots.')
  .refine((v) => v === '' || /^[A-Za-z0-9]/.test(v), 'Username must start with a letter or number.');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

export const loginSchema = z.object({
  emailOrUsername: requiredText('Email or username is required', 254),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

const registrationFields = {
  username: usernameSchema,
  name: requiredText('Name is required', 100),
  phone: requiredText('Phone is required', 30),
  email: emailSchema,
  address: requiredText('Address is required', 300),
  password: passwordSchema,
};
const PASSWORDS_DIFFER = { message: "Passwords don't match", path: ['confirmPassword'] };
const confirmationMatches = (v: { password: string; confirmPassword?: string }) =>
  v.confirmPassword === undefined || v.password === v.confirmPassword;

/** The register form: the password typed twice. */
export const registerSchema = z
  .object({ ...registrationFields, confirmPassword: z.string({ error: "Passwords don't match" }) })
  .refine(confirmationMatches, PASSWORDS_DIFFER);
/** POST api/auth/register: `confirmPassword` may be left out (the spec's client sends none); when sent, it must match. */
export const registerRequestSchema = z
  .object({ ...registrationFields, confirmPassword: z.string().optional() })
  .refine(confirmationMatches, PASSWORDS_DIFFER);
export type RegisterInput = z.infer<typeof registerSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** The profile form: every field as typed; the server receives only the non-empty ones. */
export const profileUpdateSchema = z
  .object({
    name: requiredText('Name is required', 100),
    phone: requiredText('Phone is required', 30),
    address: requiredText('Address is required', 300),
    password: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(passwordSchema.optional()),
    confirmPassword: optionalText(128),
    oldPassword: z.string({ error: 'Old password is required' }).min(1, 'Old password is required'),
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: 'Passwords must match', path: ['confirmPassword'] });
    }
    if (v.password === v.oldPassword) {
      ctx.addIssue({ code: 'custom', message: 'New password must not be the same as old password', path: ['password'] });
    }
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** What a reset link that was used, replaced, expired or never issued answers (410), before and after the form. */
export const RESET_LINK_INVALID_MESSAGE = 'This reset link is invalid or has expired.';

const resetTokenSchema = z.string().min(1, 'Reset link is invalid or has expired.').max(200, RESET_LINK_INVALID_MESSAGE);

/** POST api/auth/password-reset/check: whether a link still works, asked before the form is shown. */
export const passwordResetCheckSchema = z.object({ token: resetTokenSchema });

export const passwordResetSchema = z
  .object({
    token: resetTokenSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });
