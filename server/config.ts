import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seeds the demo store on an empty database. Default: `demo`, but `none` when NODE_ENV=production. */
  seed: 'demo' | 'none';
  /** Public address of the app, used in e-mail links. */
  appUrl: string;
  production: boolean;
  /** Dev mailbox at /__dev/mailbox; on unless production. */
  devMailbox: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  staticDir: string | undefined;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // Never seed a production database by accident: there the demo store needs SEED=demo explicitly.
    seed: env.SEED === 'demo' || env.SEED === 'none' ? env.SEED : production ? 'none' : 'demo',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production,
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === '1' : !production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Plateforme de formation <no-reply@localhost>',
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
  };
}
