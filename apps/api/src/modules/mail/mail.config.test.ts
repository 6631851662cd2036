import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

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
