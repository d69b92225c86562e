import type { components } from '../../src/api/schema.gen';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];

/** A failed call as the machines see it: the error envelope, or status null for a network failure. */
export interface Failure {
  status: number | null;
  code: string | null;
  message: string;
  fieldErrors: Record<string, string[]>;
}

export interface Credentials {
  email: string;
  password: string;
  staySignedIn: boolean;
}

export interface Registration {
  email: string;
  password: string;
  firstname: string;
  god_father?: string;
  locale?: 'fr' | 'en';
}

/** How the current session began or ended; guards and navigation derive the landing page from it. */
export type SessionOrigin = 'restored' | 'loggedIn' | 'registered';
export type SessionEnd = 'loggedOut' | 'expired';
