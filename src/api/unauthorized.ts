/**
 * Who to tell when a signed-in call is answered 401 (the session expired). Kept apart from the API
 * client so the app shell can register the listener without loading the client itself.
 */
let listener: (() => void) | null = null;

export function onUnauthorized(next: (() => void) | null) {
  listener = next;
}

export function notifyUnauthorized() {
  listener?.();
}
