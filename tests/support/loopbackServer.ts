import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A JSON HTTP server on 127.0.0.1 (a random port) answering `[status, body]` for each request read whole. */
export async function loopbackJsonServer(answer: (request: LoopbackRequest) => [number, unknown]): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const [status, body] = answer({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, raw });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
