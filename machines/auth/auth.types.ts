import type { components, operations } from '../../src/api/schema.gen';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];

/** The bodies of POST /login, POST /register and POST /perks/register, as the contract defines them. */
export type Credentials = operations['login']['requestBody']['content']['application/json'];
export type PlainRegistration = operations['register']['requestBody']['content']['application/json'];
export type PerkRegistration = operations['registerPerk']['requestBody']['content']['application/json'];
/** A sign-up: with a partner's perk code it goes to POST /perks/register (the store starts on PERK), else POST /register. */
export type Registration = PlainRegistration | PerkRegistration;

export const hasPerkCode = (registration: Registration): registration is PerkRegistration =>
  'perk_code' in registration && typeof registration.perk_code === 'string';

/** How the current session began or ended; guards and navigation derive the landing page from it. */
export type SessionOrigin = 'restored' | 'loggedIn' | 'registered';
export type SessionEnd = 'loggedOut' | 'expired';
