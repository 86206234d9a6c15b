import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../test/harness';

/** What the real HTTP server answers (app.inject skips Node's parser, where these errors come from). */
const { app } = await openTestApp();
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const port = Number(new URL(address).port);

/** Sends raw bytes; resolves with the status line's code, the headers and the body of the answer. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('error', () => {}); // the server closes after answering; what it sent is read on 'close'
    socket.on('close', () => {
      const at = text.indexOf('\r\n\r\n');
      if (at < 0) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      resolve({ status: Number(text.split(' ')[1]), headers: text.slice(0, at), body: text.slice(at + 4) });
    });
    socket.write(request);
  });
}

describe('a request Node cannot read is answered in the shape of every other error (t19 A3)', () => {
  it('431 for headers over 16 KB: { error: { code, message } } with what to do', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: c=${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'headers_too_large',
        message: "The request's address and headers are larger than 16 KB: clear this site's cookies or shorten the address, then try again",
      },
    });
  });

  it('400 for bytes that are not HTTP, in the same shape', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'bad_request', message: 'The request could not be read as HTTP: check the address and how the request is sent' },
    });
  });

  it("414 for a part of the address over the router's limit, not Fastify's own shape (t20)", async () => {
    const answer = await raw(`POST /api/pay/${'a'.repeat(5000)}/checkout HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(414);
    expect(answer.headers).toMatch(/^HTTP\/1\.1 414 URI Too Long/);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'uri_too_long',
        message: 'A part of the address is longer than 100 characters, so it names nothing here: check the link and try again',
      },
    });
    const viaInject = await app.inject({ method: 'GET', url: `/api/invoices/${'b'.repeat(300)}` });
    expect(viaInject.statusCode).toBe(414);
    expect(viaInject.json().error.code).toBe('uri_too_long');
  });

  it('a request of ordinary size is served as before', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: c=${'a'.repeat(1_000)}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
  });
});
