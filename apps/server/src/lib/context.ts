import type {
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/connect';
import type { Tokens } from './auth';
import type { Clock } from './clock';
import type { Metrics } from './metrics';
import type { Registry } from './registry';

/**
 * Services one module makes for others, each set once by its owner and read through the owner's accessor
 * (getMailer(ctx), getFiles(ctx)…). Each owning module adds its entry by declaration merging
 * (`declare module '../../lib/context' { interface Services { mail?: Mailer } }`), so the type is complete
 * without this file importing any module.
 */
export interface Services {
  clock?: Clock;
  metrics?: Metrics;
}

/** What every module gets: the database, configuration and shared services. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: Tokens;
  /** preHandler that requires a bearer token and sets request.userId. */
  auth: preHandlerHookHandler;
  /** Extension points shared between modules (counters, hooks). */
  registry: Registry;
  /** Services registered by modules for other modules (mail, files, payments…). */
  services: Services;
}

/** The Fastify instance modules receive: zod schemas type the handlers. */
export type ZApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A module registers its routes (and services) on the app under /api. */
export type Module = (app: ZApp, ctx: AppContext) => Promise<void> | void;
