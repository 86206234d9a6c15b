import { createServer, type Server } from 'node:http';
import { listenLocal, readBody as read } from './http-server';

/**
 * A local server speaking Africa's Talking's SMS API (POST /version1/messaging, form body username/to/message,
 * header apiKey; JSON SMSMessageData.Recipients with statusCode 101 "Success"). Tests and the bench point
 * AT_API_BASE at it. Numbers ending in 000 are refused as AT refuses invalid numbers (403 InvalidPhoneNumber).
 */
export interface AtServer {
  base: string;
  received: Array<{ username: string; to: string; message: string; from: string | null }>;
  /** Delay every answer by this many ms (time-out tests). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startAtServer(opts: { username: string; apiKey: string }): Promise<AtServer> {
  let seq = 0;
  const state: Omit<AtServer, 'base' | 'close'> = { received: [], delayMs: 0 };
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method !== 'POST' || req.url !== '/version1/messaging') return json(404, { error: 'Not found' });
    if (req.headers.apikey !== opts.apiKey) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('The supplied authentication is invalid');
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return json(415, { error: 'form body expected' });
    const form = new URLSearchParams(body);
    if (form.get('username') !== opts.username) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('The supplied authentication is invalid');
    }
    const to = form.get('to') ?? '';
    const message = form.get('message') ?? '';
    if (!message) return json(400, { error: 'Message is required' });
    const recipients = to.split(',').map((number) => {
      if (!/^\+\d{8,15}$/.test(number) || number.endsWith('000'))
        return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
      state.received.push({ username: form.get('username') ?? '', to: number, message, from: form.get('from') });
      return { statusCode: 101, number, status: 'Success', cost: 'KES 0.8000', messageId: `ATXid_${++seq}` };
    });
    const ok = recipients.filter((r) => r.statusCode === 101).length;
    json(201, { SMSMessageData: { Message: `Sent to ${ok}/${recipients.length} Total Cost: KES ${(0.8 * ok).toFixed(4)}`, Recipients: recipients } });
  });
  server.keepAliveTimeout = 30_000;
  const local = await listenLocal(server);
  return Object.assign(state, {
    base: local.base,
    close: local.close,
  });
}
