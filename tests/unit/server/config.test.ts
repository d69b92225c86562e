import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';

describe('readConfig', () => {
  it('defaults to port 3000, ./data, the demo seed and the dev mailbox', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, seed: 'demo', devMailbox: true, production: false, databaseUrl: undefined });
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
