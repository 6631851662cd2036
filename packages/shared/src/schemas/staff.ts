import { z } from 'zod';
import { ROLES, type VehicleStatus } from '../constants';
import { storableString } from './text';

/** The statuses an admin sets by hand on a listing ('active' is an older spelling of available, never offered). */
export const ADMIN_SETTABLE_VEHICLE_STATUSES = ['available', 'reserved', 'pending', 'draft', 'sold'] as const satisfies readonly VehicleStatus[];

/** What the dealership may do with a listing awaiting review besides approving it. */
export const VEHICLE_REVIEW_ACTIONS = ['reject', 'send-back'] as const;
export type VehicleReviewAction = (typeof VEHICLE_REVIEW_ACTIONS)[number];

export const REVIEW_NOTE_MAX = 500;
export const VEHICLE_REVIEW_MESSAGES = {
  action: 'Choose Reject or Send back for changes',
  reasonRequired: 'Enter a reason for the seller',
  reasonTooLong: `The reason must be at most ${REVIEW_NOTE_MAX} characters`,
  notPending: 'Only a listing awaiting review can be rejected or sent back',
} as const;

/** POST api/vehicles/{id}/review: the listing returns to its seller as a draft with the reason. */
export const vehicleReviewSchema = z.object({
  action: z.enum(VEHICLE_REVIEW_ACTIONS, { error: VEHICLE_REVIEW_MESSAGES.action }),
  reason: storableString({ error: VEHICLE_REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, VEHICLE_REVIEW_MESSAGES.reasonRequired)
    .max(REVIEW_NOTE_MAX, VEHICLE_REVIEW_MESSAGES.reasonTooLong),
});
export type VehicleReviewInput = z.input<typeof vehicleReviewSchema>;

export const USER_ROLE_MESSAGES = {
  unknownRole: 'Choose Admin, User, Service advisor, Technician or Sales',
  lastAdminDemote: 'The last active admin cannot be demoted. Make another user an admin first.',
  lastAdminDeactivate: 'The last active admin cannot be deactivated or suspended. Make another user an admin first.',
  promoteInactive: 'Only an active account can be made an admin. Activate it first.',
  staffInactive: 'Only an active account can be made staff. Activate it first.',
  ownRole: 'You cannot change the role of your own account',
} as const;

/** PATCH api/users/{id}/role: make a user an admin or staff member, or a customer again. */
export const userRoleChangeSchema = z.object({
  role: z.enum([ROLES.ADMIN, ROLES.USER, ROLES.SERVICE_ADVISOR, ROLES.TECHNICIAN, ROLES.SALES], { error: USER_ROLE_MESSAGES.unknownRole }),
});
export type UserRoleChangeInput = z.input<typeof userRoleChangeSchema>;
