import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { API_MOUNT, installPlainMessages } from '@duka/core';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { connect, type Database } from './db/connect';
import { createTokens, requireUser } from './lib/auth';
import { watchTokenRevocations } from './lib/token-revocations';
import { answerClientError, answerFrameworkError, answerUnknownApi } from './lib/client-errors';
import type { AppContext } from './lib/context';
import { installJsonParser } from './lib/json-body';
import { AppError } from './lib/errors';
import { collectMetrics } from './lib/metrics';
import { RateLimited, routeLimits } from './lib/rate-limit';
import { createRegistry } from './lib/registry';
import { startupMark } from './lib/startup';
import { refuseUnstorableText } from './lib/text-guard';
import { modules } from './modules';
import { serveWebApp, webResponses } from './modules/web';

/** The largest JSON body a route takes unless it says otherwise (1 MB). */
export const BODY_LIMIT = 1024 * 1024;

/** Query parameters whose values never reach the log (reset links, client secrets…). */
const SECRET_PARAM = /token|secret|password|key|code|signature/i;

/**
 * Path segments that are secrets themselves (issue 22): the M-Pesa and rail callback tokens, and the public id of
 * an invoice link (whoever has it sees the invoice and can pay it).
 */
const SECRET_PATH = [
  /^(\/api\/webhooks\/mpesa\/)[^/?#]+/,
  /^(\/api\/webhooks\/rails\/[^/?#]+\/)[^/?#]+/,
  /^(\/api\/invoices\/(?:public|link)\/)[^/?#]+/,
  /^(\/invoice\/link\/)[^/?#]+/,
  /^(\/api\/pay\/)(?!verify\/)[^/?#]+/,
  /^(\/api\/[^/?#]+\/client-secrete\/)[^/?#]+/,
];

/** The URL as logged: secret path segments and secret-looking query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const re of SECRET_PATH) path = path.replace(re, '$1[redacted]');
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  return `${path}?${params.toString()}`;
}

function logRequest(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** One route as registered: what the route contract test compares with core's map. */
export interface ServedRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route the app serves (HEAD routes Fastify adds for GETs left out). */
  routes: ServedRoute[];
}

/** Turns a zod issue path like ['user','email'] into 'user.email'. */
function fieldsFromValidation(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  const validation =
    (error as { validation?: Array<{ instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } } }> })
      .validation ?? [];
  for (const v of validation) {
    const issuePath = v.params?.issue?.path;
    const key = issuePath?.length ? issuePath.map(String).join('.') : (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[key] = v.params?.issue?.message ?? v.message ?? 'Invalid value';
  }
  return fields;
}

export async function buildApp(config: Config, opts: { database?: Database } = {}): Promise<BuiltApp> {
  installPlainMessages(); // validation errors as sentences (core/api/messages.ts), also in the bundled server
  const database =
    opts.database ??
    (await connect({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      thread: config.databaseThread,
      mark: startupMark,
    }));
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: logRequest } },
    // Small bodies by default; the few routes that take more (sync push, multipart uploads) raise their own limit.
    // A route that needs a token checks it before the body is read (lib/route.ts).
    bodyLimit: BODY_LIMIT,
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could choose its address.
    // A hop count trusts that many proxies from the socket inwards (as proxy-addr does for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // SPEC §7 writes some paths with a trailing slash (GET /subscriptions/): every path answers both ways.
    routerOptions: { ignoreTrailingSlash: true },
    // A request Node cannot read (headers over 16 KB: 431) is answered in the shape of every other error (t19 A3).
    clientErrorHandler: answerClientError,
    // An address the router refuses (a part over maxParamLength: 414; a broken %-escape: 400) in that shape too (t20).
    frameworkErrors: answerFrameworkError,
  });
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as Record<string, unknown> });
  });
  // Declared up front so setting it per request (lib/auth) keeps the request object's shape stable.
  app.decorateRequest('userId', '');
  app.setValidatorCompiler(validatorCompiler);
  installJsonParser(app);
  app.setSerializerCompiler(serializerCompiler);
  // No address has a use for an escaped control character (%00…%1F, %7F) in its path or query, and the
  // database cannot store a NUL: refuse them here, for every route, before any handler sees them.
  app.addHook('onRequest', async (request) => {
    if (/%(?:[01][0-9a-f]|7f)/i.test(request.url)) throw new AppError('bad_request', 'The address has an invisible control character: check the link');
    // A POST with a JSON content type but no body (curl -X POST -H 'content-type: application/json') has nothing
    // to parse: read it as no body, so a route that needs none just works (issue 22).
    if (request.headers['content-length'] === '0' && request.headers['transfer-encoding'] === undefined) delete request.headers['content-type'];
  });
  // Nor can it store a NUL or a lone surrogate sent inside JSON: refused for every route too (issue 22).
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromValidation(error);
      const first = Object.entries(fields)[0];
      const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'The request is not valid';
      return reply.status(400).send({ error: { code: 'validation_failed', message, fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' } });
    }
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : 'bad_request';
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error(error);
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });

  await webResponses(app, config);
  // Per-address limits declared on routes (config.rateLimit), on the one limiter of lib/rate-limit.
  routeLimits(app, database.db);
  // Request rate and p95 per route, sync mutations (issue 27), served by the metrics module with METRICS_TOKEN.
  const metrics = config.metricsToken ? collectMetrics(app) : undefined;

  // Uploads (logos, receipts): one file of at most 5 MB per request.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 25 } });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Duka API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  // The reference page only with API_DOCS=on (issue 22), never framed, scripts limited to its own files and hashes.
  if (config.apiDocs) {
    await app.register(fastifySwaggerUi, {
      routePrefix: `${API_MOUNT}/docs`,
      uiConfig: { validatorUrl: null },
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(' validator.swagger.io', '')
          .replace(/\s*upgrade-insecure-requests;?/, ''),
      uiHooks: {
        onRequest: (_request, reply, done) => {
          reply.header('x-frame-options', 'DENY');
          done();
        },
      },
    });
  }

  const tokens = createTokens(config.jwtSecret);
  const stopRevocations = await watchTokenRevocations(database, tokens.versions);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens,
    auth: requireUser(database.db, tokens),
    registry: createRegistry(),
    services: { metrics },
  };

  await app.register(
    async (api) => {
      const zapp = api.withTypeProvider<ZodTypeProvider>();
      for (const mod of modules) await mod(zapp, ctx);
      api.setNotFoundHandler(answerUnknownApi);
    },
    { prefix: API_MOUNT },
  );
  startupMark('routes_registered');

  await serveWebApp(app, config);

  app.addHook('onClose', async () => {
    await stopRevocations();
    if (!opts.database) await database.close();
  });
  return { app, ctx, routes };
}
