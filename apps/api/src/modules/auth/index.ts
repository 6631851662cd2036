/**
 * The auth domain's public entry: who the caller is (`AuthUser`, `requireUser` and the request hook that
 * fills them in), sign-up, sign-in, sessions and every password-reset step, and the account record they
 * stand on. Other domains import from here, never a file inside.
 */
export { INACTIVE_ACCOUNT_MESSAGE, requireUser, type AuthUser, type RouteAccess } from './caller';
export { authPlugin } from './auth.plugin';
export { authRoutes } from './auth.routes';
export { createAuthService, type AuthService } from './auth.service';
export { createForgotPasswordService, resetRequestJob } from './forgot-password';
export { createPasswordResetService, type PasswordResetService } from './password-reset.service';
export { passwordResetRoutes } from './password-reset.routes';

// The account record, its picture and the signed-in user's profile form, for the accounts domain.
export { findUserById, updateUser } from './user-record.repository';
export { toPublicUser } from './users.mapper';
export { prepareAvatar, storeAvatar } from './avatar';
export { readUploadForm } from './form-upload';
// Run once at start-up by the composition root.
export { moveLegacyAvatars } from './legacy-avatars';
// Sessions, sign-ins, reset links and attempt limits, for account administration and password changes.
export { endAccountAccess, issueResetToken } from './account-access';
export { activeSessions, countActiveSessions, revokeUserSessions } from './session.repository';
export { recentSignIns } from './sign-in.repository';
export { attemptThrottle } from './login-rate-limiter';
export { MAX_PACE_SECONDS, waitInWords } from './login-throttle';
export { authMailTemplates } from './auth.messages';
