import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
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
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
