import type { MaintenanceAppointment } from '@dealer/shared';

/** A listing as the seller's e-mails name it. */
export interface ListingMail {
  vehicleId: string;
  /** "2021 Toyota Corolla" */
  title: string;
  sellerName: string;
}

/**
 * Every e-mail the product sends and what it needs to be written (kept in the log row's payload, so a
 * message can be rendered again to resend it).
 */
export type EmailMessageInput =
  | { kind: 'booking-received'; to: string; data: { appointment: MaintenanceAppointment } }
  | { kind: 'booking-workshop-notice'; to: string; data: { appointment: MaintenanceAppointment } }
  | { kind: 'booking-approved'; to: string; data: { appointment: MaintenanceAppointment } }
  | { kind: 'booking-completed'; to: string; data: { appointment: MaintenanceAppointment } }
  | {
      kind: 'booking-cancelled';
      to: string;
      data: { appointment: MaintenanceAppointment; cancelledBy: 'customer' | 'workshop' };
    }
  | { kind: 'booking-reminder'; to: string; data: { appointment: MaintenanceAppointment } }
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
