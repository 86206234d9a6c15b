import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import type { Config } from '../../config';
import { addSecurityHeaders } from './headers';

export { contentSecurityPolicy, stripeEnabled } from './headers';
export { findWebDist, serveWebApp } from './static';
export { paySummaryHtml, withSummary } from './payPage';

/**
 * What every answer gets, registered before any route: security headers, and compression (brotli or gzip, by
 * Accept-Encoding) of API answers over 1 KB — sync pulls most of all. Files of the web app are compressed at build.
 */
export async function webResponses(app: FastifyInstance, config: Config): Promise<void> {
  addSecurityHeaders(app, config);
  // Up to 1 MB compressed inline into one buffer (one socket write with its length, no stream or thread-pool hand-off
  // per answer), at levels that cost a third of the defaults for 3–5% more bytes on a sync pull (issue 27).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: 1024 * 1024,
    zlibOptions: { level: 3 },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
}
