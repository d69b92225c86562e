import { createInspectedActor } from './inspector';
import { authLogic, type AuthPlaces } from './authLogic';

/*
 * The guest entry's auth actor (src/app/guestAuth.ts loads this module, with xstate, at the visitor's first
 * interaction): the app's machine with the app's side effects; only where a session leads differs (the signed-in
 * app takes over, with this actor's snapshot).
 */
export const startGuestAuthActor = (places: AuthPlaces) => createInspectedActor(authLogic(places)).start();

export type GuestAuthActor = ReturnType<typeof startGuestAuthActor>;
