import type { MaintenanceAppointment } from '@dealer/shared';

/** A listing as the seller's e-mails name it. */
export interface ListingMail {
  vehicleId: string;
  /** "2021 Toyota Corolla" */
  title: string;
  sellerName: string;
}

/**
 * An appointment as a booking e-mail tells of it, with the revision of its calendar event at that
 * moment (messages queued before revisions were kept have none: 0).
 */
export interface AppointmentMail {
  appointment: MaintenanceAppointment;
  sequence?: number;
}

/** Where a moved appointment was before. */
export interface PreviousSlot {
  appointmentDate: string;
  appointmentTime: string;
}

/**
 * Every e-mail the product sends and what it needs to be written (kept in the log row's payload, so a
 * message can be rendered again to resend it).
 */
export type EmailMessageInput =
  | { kind: 'booking-received'; to: string; data: AppointmentMail }
  | { kind: 'booking-workshop-notice'; to: string; data: AppointmentMail }
  | { kind: 'booking-approved'; to: string; data: AppointmentMail }
  | { kind: 'booking-completed'; to: string; data: AppointmentMail }
  | { kind: 'booking-cancelled'; to: string; data: AppointmentMail & { cancelledBy: 'customer' | 'workshop' } }
  | { kind: 'booking-moved'; to: string; data: AppointmentMail & { previous: PreviousSlot; movedBy: 'customer' | 'workshop' } }
  | { kind: 'booking-reminder'; to: string; data: AppointmentMail }
  | { kind: 'listing-approved'; to: string; data: ListingMail }
  | { kind: 'listing-sent-back'; to: string; data: ListingMail & { reason: string } }
  | { kind: 'listing-rejected'; to: string; data: ListingMail & { reason: string } }
  | { kind: 'listing-sold'; to: string; data: ListingMail }
  | { kind: 'welcome'; to: string; data: { name: string } }
  | { kind: 'password-reset'; to: string; data: { name: string; token: string; expiresAt: string } };

export type EmailKind = EmailMessageInput['kind'];
export type EmailData<K extends EmailKind> = Extract<EmailMessageInput, { kind: K }>['data'];

export const EMAIL_KINDS = [
  'booking-received',
  'booking-workshop-notice',
  'booking-approved',
  'booking-completed',
  'booking-cancelled',
  'booking-moved',
  'booking-reminder',
  'listing-approved',
  'listing-sent-back',
  'listing-rejected',
  'listing-sold',
  'welcome',
  'password-reset',
] as const satisfies readonly EmailKind[];

/** Kinds whose payload holds a secret that is wiped once the message is delivered: never resent. */
export const SINGLE_USE_KINDS: ReadonlySet<EmailKind> = new Set(['password-reset']);
