import type { components, operations } from '../../src/api/schema.gen';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];

/** A failed call as the machines see it: the error envelope, or status null for a network failure. */
export interface Failure {
  status: number | null;
  code: string | null;
  message: string;
  fieldErrors: Record<string, string[]>;
}

/** The bodies of POST /login and POST /register, as the contract defines them. */
export type Credentials = operations['login']['requestBody']['content']['application/json'];
export type Registration = operations['register']['requestBody']['content']['application/json'];

/** How the current session began or ended; guards and navigation derive the landing page from it. */
export type SessionOrigin = 'restored' | 'loggedIn' | 'registered';
export type SessionEnd = 'loggedOut' | 'expired';
