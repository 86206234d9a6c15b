import { API_ROUTES, type ApiRoutes, errorResponse, type RouteContract, type RouteKey, splitRouteKey } from '@duka/core';
import type { FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext, ZApp } from './context';

type Out<K extends RouteKey, F extends 'params' | 'query' | 'body'> = ApiRoutes[K] extends Record<F, infer S extends z.ZodType> ? z.output<S> : unknown;

/** The request a route's handler gets: params, query and body typed by the route's declaration in core. */
export type RouteRequest<K extends RouteKey> = FastifyRequest<{ Params: Out<K, 'params'>; Querystring: Out<K, 'query'>; Body: Out<K, 'body'> }>;
/** What a handler may hand back: the declared answer (before serialisation), or the reply it sent itself. */
export type RouteAnswer<K extends RouteKey> = z.input<ApiRoutes[K]['response']> | FastifyReply;
export type RouteHandler<K extends RouteKey> = (request: RouteRequest<K>, reply: FastifyReply) => Promise<RouteAnswer<K>> | RouteAnswer<K>;

/** What only the server knows about a route: documentation, limits and hooks. Method, path, schemas and auth come from core. */
export interface RouteExtras {
  summary?: string;
  tags?: string[];
  /** Failure statuses documented with core's errorResponse (400, 404…). */
  errors?: number[];
  /** The status the declared answer comes with when it is not (only) 200, e.g. 201. */
  status?: number[];
  /** Run after authentication (limits, admin checks). */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  bodyLimit?: number;
  config?: RouteOptions['config'];
  /** Extra OpenAPI fields (consumes…). */
  schema?: Pick<FastifySchema, 'consumes'>;
  /** Sends answers its own way (an answer already built as JSON text). */
  serializerCompiler?: RouteOptions['serializerCompiler'];
  /** Body parsers of this route only (e.g. a form's urlencoded body): the route gets its own scope. */
  parsers?: (scope: ZApp) => void;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The schemas the server registers for a declaration: what the route contract test compares the served routes with.
 * A multipart route's JSON body may be absent (the fields come as form parts); binary answers are not serialised.
 */
export function declaredSchemas(contract: RouteContract): { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; response?: z.ZodType } {
  return {
    params: contract.params,
    querystring: contract.query,
    body: contract.body && contract.multipart ? (contract.body as z.ZodType).nullish() : contract.body,
    response: contract.binary ? undefined : contract.response,
  };
}

/**
 * Registers the handler of a route declared in core's API_ROUTES: method, path, params/query/body/answer schemas
 * and whether a token is needed all come from the declaration, so the server cannot serve a route the web's typed
 * client does not know, or check it with other rules.
 */
export function registerRoute<K extends RouteKey>(app: ZApp, ctx: AppContext, key: K, handler: RouteHandler<K>, extras: RouteExtras = {}): void {
  const contract: RouteContract = API_ROUTES[key];
  const { method, path } = splitRouteKey(key);
  const needsToken = contract.auth === undefined;
  const schemas = declaredSchemas(contract);
  const response: Record<number, z.ZodType> = {};
  if (schemas.response) for (const status of extras.status ?? [200]) response[status] = schemas.response;
  for (const status of extras.errors ?? []) response[status] = errorResponse;
  const schema: FastifySchema = {
    ...extras.schema,
    ...(extras.tags ? { tags: extras.tags } : {}),
    ...(extras.summary ? { summary: extras.summary } : {}),
    ...(needsToken ? { security: [{ bearer: [] }] } : {}),
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.querystring ? { querystring: schemas.querystring } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  };
  // A route that needs a token checks it when the request arrives, before its body is read, parsed or validated: a
  // caller without a valid token learns nothing of the route's rules (401, never a 400 about the body; t17 A3).
  const onRequest = [...(needsToken ? [ctx.auth as onRequestHookHandler] : []), ...list(extras.onRequest)];
  const preHandler = list(extras.preHandler);
  const options: RouteOptions = {
    method,
    url: path,
    schema,
    ...(onRequest.length ? { onRequest } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.serializerCompiler ? { serializerCompiler: extras.serializerCompiler } : {}),
    handler: handler as unknown as RouteOptions['handler'],
  };
  if (!contract.raw && !extras.parsers) {
    app.route(options);
    return;
  }
  // A signed webhook is checked against its raw bytes: JSON reaches it as a Buffer, in a scope of its own.
  void app.register(async (scope: ZApp) => {
    if (contract.raw) {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    }
    extras.parsers?.(scope);
    scope.route(options);
  });
}

/**
 * Answers sent as JSON without their zod check in production, for hot routes whose answers the server builds itself
 * in the declared shape (sync push and pull, issue 27: the check of every pushed record took ~2% of a push's CPU).
 * Outside production (tests, development) the check runs as for any route, and an answer the check would change
 * (a key it drops, a value it converts) fails too: so what production sends unchecked is what the check lets through.
 */
export function checkedOutsideProduction(production: boolean): NonNullable<RouteOptions['serializerCompiler']> {
  return (route) => {
    if (production) return (data) => JSON.stringify(data);
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return (data) => {
      const text = checked(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(data))))
        throw new Error(`${route.method} ${route.url}: the answer has fields its schema does not declare`);
      return text;
    };
  };
}

/** registerRoute bound to one module's app, context and tag: `route('GET /state', handler, extras)`. */
export function routesOf(app: ZApp, ctx: AppContext, tag: string) {
  return <K extends RouteKey>(key: K, handler: RouteHandler<K>, extras: RouteExtras = {}) => registerRoute(app, ctx, key, handler, { tags: [tag], ...extras });
}
