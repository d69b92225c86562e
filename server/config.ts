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
  /** Proxies whose X-Forwarded-For is believed: a hop count or a list of addresses/CIDRs; off by default. */
  trustProxy: number | string[] | false;
  throttle: ThrottleLimits;
}

/** Attempts allowed per 15-minute window. THROTTLE_LIMITS='{"registerPerAddress":100}' overrides some. */
export interface ThrottleLimits {
  loginPerAccount: number;
  loginPerAddress: number;
  registerPerAddress: number;
  /** Reset and activation e-mails asked for one address, and from one client address. */
  mailPerEmail: number;
  mailPerAddress: number;
  passwordChangePerUser: number;
}

const defaultLimits: ThrottleLimits = {
  loginPerAccount: 5,
  loginPerAddress: 20,
  registerPerAddress: 10,
  mailPerEmail: 5,
  mailPerAddress: 20,
  passwordChangePerUser: 5,
};

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    // Outside production the server (with its demo accounts and dev mailbox) listens on loopback only.
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
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
    trustProxy: trustProxy(env.TRUST_PROXY),
    throttle: { ...defaultLimits, ...(env.THROTTLE_LIMITS ? (JSON.parse(env.THROTTLE_LIMITS) as Partial<ThrottleLimits>) : {}) },
  };
}
