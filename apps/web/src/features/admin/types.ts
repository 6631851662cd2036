import type { PublicUser } from '@dealer/shared';

/** A user as the admin list and detail see it. */
export interface AdminUser extends PublicUser {
  lastLoginAt: string | null;
  statusReason: string | null;
  maintenanceCount: number;
}

export interface SearchResults {
  vehicles: { _id: string; title: string; make: string; model: string; year: number; status: string }[];
  appointments: { _id: string; specificService: string; customerName: string; appointmentDate: string; status: string }[];
  users: { _id: string; name: string; email: string; status: string }[];
}

export interface SignInEvent {
  _id: string;
  success: boolean;
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  createdAt: string;
}

export interface ActiveSession {
  _id: string;
  ip?: string | null;
  userAgent?: string | null;
  createdAt: string;
  expiresAt?: string | null;
}

export interface UserSecurity {
  signIns: SignInEvent[];
  sessions: ActiveSession[];
}

export interface PasswordResetLink {
  resetUrl: string;
  expiresAt: string;
}
