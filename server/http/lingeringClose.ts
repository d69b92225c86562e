import type { IncomingMessage } from 'node:http';

/** How long a refused body may keep coming after the answer, before the connection is cut anyway. */
export const LINGER_MS = 2000;

/**
 * Closes the connection of a request whose body we stopped reading, the way Apache's "lingering close" does.
 *
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: our FIN, then at once the socket's
 * destruction. Bytes the client sent that were never read are still in the kernel's receive buffer then, so
 * the kernel answers with a RST instead of a clean close, and a client still sending (a big upload refused
 * with 413) throws away the answer it had already received: it sees a reset connection, never the 413.
 * Here the answer is followed by our FIN as before, but what still comes is read and dropped until the client
 * closes its side (it does on our FIN) or LINGER_MS passes; a client that never stops cannot hold the socket.
 */
export function closeAfterAnswer(request: IncomingMessage) {
  const socket = request.socket;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    // Whatever the parser still hands the request is dropped; it must flow, or reading stops and the bytes
    // pile up in the kernel again.
    request.removeAllListeners('data');
    request.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.end();
  };
}
