import { describe, expect, it } from 'vitest';
import { registerDomainMailTemplates } from '../services';
import { singleUseSecretOf, templateOf, type EmailKind } from './registry';

const EVERY_KIND: EmailKind[] = [
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
  'trade-in-offer',
  'trade-in-notice',
  'trade-in-offer-lapsed',
];

describe('mail template registry', () => {
  it('refuses a kind nobody registered instead of sending a message without a template', () => {
    expect(() => templateOf('no-such-kind' as EmailKind)).toThrow("mail: no template registered for 'no-such-kind'");
    expect(singleUseSecretOf('no-such-kind')).toBeUndefined();
  });

  it("knows every domain's kinds once the composition root registered them (twice changes nothing)", () => {
    registerDomainMailTemplates();
    registerDomainMailTemplates();
    for (const kind of EVERY_KIND) expect(typeof templateOf(kind).subject, kind).toBe('function');
    // Only the reset link works once: its token is wiped after delivery and it is never resent.
    expect(EVERY_KIND.filter((kind) => singleUseSecretOf(kind))).toEqual(['password-reset']);
    expect(singleUseSecretOf('password-reset')).toBe('token');
  });
});
