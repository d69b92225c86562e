import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';

describe('readConfig', () => {
  it('defaults to port 3000, ./data and the demo seed; the dev mailbox only when asked for', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, seed: 'demo', devMailbox: false, production: false, databaseUrl: undefined });
    expect(readConfig({ DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(readConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(false);
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('never seeds nor opens the dev mailbox in production unless asked to', () => {
    expect(readConfig({ NODE_ENV: 'production' })).toMatchObject({ seed: 'none', devMailbox: false });
    expect(readConfig({ NODE_ENV: 'production', SEED: 'demo', DEV_MAILBOX: '1' })).toMatchObject({ seed: 'demo', devMailbox: true });
    expect(readConfig({ SEED: 'none' }).seed).toBe('none');
  });

  it('reads the database URL, SMTP and the public address', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://h:25', APP_URL: 'https://app.example/', PORT: '8080' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u@h/db', smtpUrl: 'smtp://h:25', appUrl: 'https://app.example', port: 8080 });
  });
});
