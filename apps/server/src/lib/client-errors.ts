import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The largest request head (request line and headers) Node reads: its default, 16 KB. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Status, code and sentence of a request Node could not read as HTTP, in the body shape of every other error. */
export function clientErrorAnswer(err: { code?: string }): { status: number; code: string; message: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'headers_too_large',
      message: `The request's address and headers are larger than ${MAX_HEADER_BYTES / 1024} KB: clear this site's cookies or shorten the address, then try again`,
    };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive: check the connection and try again' };
  return { status: 400, code: 'bad_request', message: 'The request could not be read as HTTP: check the address and how the request is sent' };
}

/**
 * Fastify's clientErrorHandler: answers a request Node's parser refused (431 headers too large, 408, 400) with
 * { error: { code, message } } as every other error, instead of Fastify's own { error, message, statusCode }.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = clientErrorAnswer(err);
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/** The longest part of an address between slashes Fastify's router reads (its default, maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

/** Whether a part of the address's path (between slashes, before any query) is longer than the router reads. */
export function hasOverlongPart(url: string): boolean {
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).split('/').some((part) => part.length > MAX_PARAM_LENGTH);
}

/**
 * Status, code and sentence of an address Fastify's router refused before any route ran (t20: `POST /pay/<5000
 * characters>/checkout` was answered 414 in Fastify's own shape, labelled "Bad Request"): a part too long (414), a
 * broken %-escape (400).
 */
export function frameworkErrorAnswer(err: { code?: string }): { status: number; code: string; message: string } {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return {
      status: 414,
      code: 'uri_too_long',
      message: `A part of the address is longer than ${MAX_PARAM_LENGTH} characters, so it names nothing here: check the link and try again`,
    };
  if (err.code === 'FST_ERR_BAD_URL') return { status: 400, code: 'bad_request', message: 'The address has a broken %-escape: check the link and try again' };
  return { status: 500, code: 'internal', message: 'Something went wrong on our side. Please try again.' };
}

/** Fastify's frameworkErrors: the router's refusals in the body shape of every other error. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, code, message } = frameworkErrorAnswer(err);
  void reply.status(status).send({ error: { code, message } });
}

/**
 * An address under /api that names no route: 404 in the shape of every other error, or 414 when a part of it is over
 * the router's length limit (the router refuses such a part itself unless a catch-all route, the web app's, takes the
 * address first: the answer is the same either way, t20).
 */
export function answerUnknownApi(request: FastifyRequest, reply: FastifyReply): void {
  if (hasOverlongPart(request.url)) {
    const { status, code, message } = frameworkErrorAnswer({ code: 'FST_ERR_MAX_PARAM_LENGTH' });
    void reply.status(status).send({ error: { code, message } });
    return;
  }
  void reply.status(404).send({ error: { code: 'not_found', message: `No API route ${request.method} ${request.url}` } });
}
