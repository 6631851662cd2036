import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
const failure = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('e-mail settings', () => {
  it('defaults: files under DATA_DIR/mail, a sender, reminders 24 hours ahead, no workshop notice', () => {
    const config = load({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('Apex Motors <no-reply@localhost>');
    expect(config.REMINDER_HOURS).toBe(24);
    expect(config.WORKSHOP_EMAIL).toBeUndefined();
  });

  it('accepts smtp:// and smtps:// URLs, a bare or a named sender', () => {
    expect(load({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).SMTP_URL).toBe('smtp://user:pass@mail.example.com:587');
    expect(load({ SMTP_URL: 'smtps://mail.example.com:465' }).SMTP_URL).toBe('smtps://mail.example.com:465');
    expect(load({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(load({ MAIL_FROM: 'shop@example.com' }).MAIL_FROM).toBe('shop@example.com');
    expect(load({ MAIL_FROM: 'Apex Service <service@example.com>', WORKSHOP_EMAIL: 'bay@example.com', REMINDER_HOURS: '48' })).toMatchObject({
      MAIL_FROM: 'Apex Service <service@example.com>',
      WORKSHOP_EMAIL: 'bay@example.com',
      REMINDER_HOURS: 48,
    });
  });

  it('refuses bad values with a message naming the setting', () => {
    expect(failure({ SMTP_URL: 'http://mail.example.com' })).toContain(
      'SMTP_URL="http://mail.example.com": must be an SMTP URL such as smtp://user:password@mail.example.com:587 (smtps:// for TLS from the start)',
    );
    expect(failure({ MAIL_FROM: 'nobody' })).toContain(
      'MAIL_FROM="nobody": must be an e-mail address or a name and address such as "Apex Motors <no-reply@example.com>"',
    );
    expect(failure({ WORKSHOP_EMAIL: 'workshop' })).toContain('WORKSHOP_EMAIL="workshop": must be an e-mail address');
    expect(failure({ REMINDER_HOURS: '0' })).toContain('REMINDER_HOURS="0": must be a positive whole number');
    expect(failure({ REMINDER_HOURS: 'soon' })).toContain('REMINDER_HOURS="soon": must be a positive whole number');
  });
});

describe('workshop address and phone', () => {
  it('default to the demo workshop and take one-line values', () => {
    expect(load({})).toMatchObject({ WORKSHOP_ADDRESS: '1200 Motor Avenue, Springfield, IL 62701', WORKSHOP_PHONE: '+1 (555) 010-2000' });
    expect(load({ WORKSHOP_ADDRESS: ' 9 Dock Road, Portland, ME 04101 ', WORKSHOP_PHONE: '+44 20 7946 0958' })).toMatchObject({
      WORKSHOP_ADDRESS: '9 Dock Road, Portland, ME 04101',
      WORKSHOP_PHONE: '+44 20 7946 0958',
    });
    expect(load({ WORKSHOP_ADDRESS: '', WORKSHOP_PHONE: '' }).WORKSHOP_ADDRESS).toBe('1200 Motor Avenue, Springfield, IL 62701');
  });

  it('refuses an address on several lines and a phone that is not a number', () => {
    expect(failure({ WORKSHOP_ADDRESS: '9 Dock Road\rPortland' })).toContain('WORKSHOP_ADDRESS="9 Dock Road\rPortland": must be one line');
    expect(failure({ WORKSHOP_PHONE: 'call us' })).toContain('WORKSHOP_PHONE="call us": must be a phone number such as "+1 (555) 010-2000"');
  });
});
