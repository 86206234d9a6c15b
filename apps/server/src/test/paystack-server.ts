import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPath, PROVIDER_CALLBACKS } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { paystackSignature } from '../modules/payments';

/** Paystack's webhook call to Duka: the event as JSON, signed with the secret key (x-paystack-signature). */
export function postPaystackEvent(app: FastifyInstance, secret: string, event: object) {
  const body = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: apiPath(PROVIDER_CALLBACKS.signed, { provider: 'paystack' }),
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secret, body) },
  });
}

/** A request body as Paystack's API reads it: parsed JSON, as loosely typed as JSON.parse's answer. */
type Json = ReturnType<typeof JSON.parse>;

export interface PaystackCall {
  method: string;
  url: string;
  body: Json;
}

export interface PaystackServer {
  /** PAYSTACK_API_BASE for the app under test. */
  base: string;
  /** Every authorised request, in order. */
  calls: PaystackCall[];
  /** The next authorised request fails with this status and message (then the server answers normally again). */
  failNext: { status: number; message: string } | null;
  /** The next authorised request is answered only after this many ms (a time-out on the caller's side), then normally. */
  delayNextMs: number;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

/**
 * A local server speaking Paystack's API for one test file: Bearer secret key (401 'Invalid key' otherwise), JSON in
 * and out as {status, message, data}. `route` answers the endpoints the file needs with [status, payload]; any other
 * is a 404 as Paystack gives. Closed after the file's tests.
 */
export async function startPaystackServer(secret: string, route: (call: PaystackCall) => [number, object] | undefined): Promise<PaystackServer> {
  const server: Omit<PaystackServer, 'base'> = { calls: [], failNext: null, delayNextMs: 0 };
  const http = createServer(async (req, res) => {
    const raw = await readBody(req);
    const call: PaystackCall = { method: req.method ?? '', url: req.url ?? '', body: raw ? JSON.parse(raw) : {} };
    const send = (status: number, payload: object) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${secret}`) return send(401, { status: false, message: 'Invalid key' });
    server.calls.push(call);
    if (server.delayNextMs) {
      const ms = server.delayNextMs;
      server.delayNextMs = 0;
      await new Promise((r) => setTimeout(r, ms));
    }
    if (server.failNext) {
      const f = server.failNext;
      server.failNext = null;
      return send(f.status, { status: false, message: f.message });
    }
    const answer = route(call);
    if (answer) return send(...answer);
    send(404, { status: false, message: `Unknown route ${call.method} ${call.url}` });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));
  return Object.assign(server, { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
}
