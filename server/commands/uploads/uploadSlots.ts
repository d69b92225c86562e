import { HttpError } from '../../http/errors.js';
import { messages } from '../../http/messages.js';

/**
 * How many uploads one user may stream to local storage at once (per API process). A trainer's page sends
 * its files one after the other, or a few side by side; more at once is a script holding connections open
 * (each PUT keeps a socket and a file descriptor until its body ends). The extra ones answer 429.
 */
export const MAX_CONCURRENT_UPLOADS_PER_USER = 4;
/** What the 429 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

const inFlight = new Map<string, number>();

/** Takes one of the owner's upload slots, or throws 429. Answers the function that gives it back (once). */
export function takeUploadSlot(owner: string, max = MAX_CONCURRENT_UPLOADS_PER_USER): () => void {
  const count = inFlight.get(owner) ?? 0;
  if (count >= max) {
    throw new HttpError(429, 'TOO_MANY_REQUESTS', messages.uploadsInFlight(max), undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  inFlight.set(owner, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(owner) ?? 1) - 1;
    if (left > 0) inFlight.set(owner, left);
    else inFlight.delete(owner);
  };
}

/** Uploads in flight for an owner (tests). */
export const uploadsInFlight = (owner: string) => inFlight.get(owner) ?? 0;
