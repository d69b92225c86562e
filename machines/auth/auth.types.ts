import type { components, operations } from '../../src/api/schema.gen';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];

/** The bodies of POST /login and POST /register, as the contract defines them. */
export type Credentials = operations['login']['requestBody']['content']['application/json'];
export type Registration = operations['register']['requestBody']['content']['application/json'];

/** How the current session began or ended; guards and navigation derive the landing page from it. */
export type SessionOrigin = 'restored' | 'loggedIn' | 'registered';
export type SessionEnd = 'loggedOut' | 'expired';
