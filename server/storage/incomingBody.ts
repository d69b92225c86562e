import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

/** The client closed the connection before its body ended. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away before the end of its upload');
  }
}

/**
 * A request body handed to a consumer that may give up on it (a byte cap, a refusal), without that
 * destroying the request itself: a destroyed request takes its socket along, and then no answer (413) can
 * be sent. The listener that tells "the client went away" from "we stopped reading" is set here, before
 * anything is piped, so that neither can be mistaken for the other whatever happens first:
 * - the client goes away (the request closes before its end): `clientGone()` is true, the stream fails
 *   with ClientGoneError;
 * - the consumer stops (its pipeline destroys the stream): the request is merely unpiped and paused, and
 *   the caller answers, then closes the connection (`Connection: close`).
 */
export function watchedBody(request: IncomingMessage): { stream: Readable; clientGone: () => boolean; release: () => void } {
  const stream = new PassThrough();
  // The client may go away before anything reads the stream (while the upload is looked up): its failure
  // is then told by clientGone(), not by an 'error' nobody listens to (which would end the process).
  stream.on('error', () => undefined);
  let gone = false;
  const onClose = () => {
    if (request.complete) return;
    gone = true;
    stream.destroy(new ClientGoneError());
  };
  const onError = () => onClose();
  request.once('close', onClose);
  request.on('error', onError);
  request.pipe(stream);
  return {
    stream,
    clientGone: () => gone,
    release() {
      request.unpipe(stream);
      request.off('close', onClose);
      request.off('error', onError);
      // Whatever was not read stays unread: the answer closes the connection.
      if (!request.complete) request.pause();
    },
  };
}
