import type { Snapshot } from 'xstate';

/*
 * The session the guest entry (src/guestMain.tsx) opened, for the signed-in app it then starts in the same page
 * (src/main.tsx, imported after the guest entry's root is unmounted): the app's auth actor starts from it.
 */
let handedOver: Snapshot<unknown> | undefined;

export function handOverSession(snapshot: Snapshot<unknown> | undefined) {
  handedOver = snapshot;
}

/** The handed-over session, once (a later start of the app checks the stored token as usual). */
export function takeHandedOverSession(): Snapshot<unknown> | undefined {
  const snapshot = handedOver;
  handedOver = undefined;
  return snapshot;
}
