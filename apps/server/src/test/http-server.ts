import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The plumbing every local stand-in of a provider shares (payment rails, SMS, eTIMS): what they speak is their own
 * file's; reading a request, answering JSON, listening on 127.0.0.1 and posting a callback are here.
 */

/** A request's body as text. */
export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Answers `body` as JSON. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Listens on 127.0.0.1 at a free port: the server's base URL, and how to close it. */
export async function listenLocal(server: Server): Promise<{ base: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Sends a provider's callback (a webhook), reads the answer, and gives its status. */
export async function deliver(url: string, init: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.text();
  return res.status;
}
