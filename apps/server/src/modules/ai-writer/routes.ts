import {
  aiCreditResponse,
  aiFavoriteBody,
  aiGeneratePayloadSchema,
  aiGenerateResponseSchema,
  aiItemSchema as itemSchema,
  aiListQuery as listQuery,
  aiListSchema as listSchema,
  errorResponse as errorSchema,
} from '@duka/core';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext, Module } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { builtinProvider } from './builtin';
import type { FetchPageOptions } from './link-fetch';
import { openAiProvider } from './openai';
import type { AiProvider } from './provider';
import { generate, getCredit, list, setFavorite } from './service';

/** Shared with tests and benches through ctx.services.aiWriter: the provider and the link-fetch options can be swapped. */
export interface AiWriterService {
  provider: AiProvider;
  fetchOptions: FetchPageOptions;
}

export function createProvider(config: Config): AiProvider {
  if (config.aiBaseUrl) return openAiProvider({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs });
  return builtinProvider;
}

export function aiWriterService(ctx: AppContext): AiWriterService {
  const service = ctx.services.aiWriter;
  if (!service) throw new Error('The AI writer module is not registered');
  return service;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const aiWriterRoutes: Module = (app, ctx) => {
  const service: AiWriterService = { provider: createProvider(ctx.config), fetchOptions: {} };
  ctx.services.aiWriter = service;
  const tags = ['AI writer'];
  const security = [{ bearer: [] }];

  app.post(
    '/ai-writter/generate',
    {
      preHandler: ctx.auth,
      config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      schema: {
        tags,
        security,
        summary: 'Write content of one type (SPEC §3 fields plus generate); takes the type’s credit on success',
        body: aiGeneratePayloadSchema,
        response: {
          200: aiGenerateResponseSchema,
          400: errorSchema,
          401: errorSchema,
          422: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abort.abort();
      };
      reply.raw.on('close', onClose);
      try {
        const { item, credit, timings } = await generate(ctx.db, request.userId, request.body, {
          provider: service.provider,
          fetchOptions: service.fetchOptions,
          signal: abort.signal,
        });
        // Server-Timing: where the time went (the route's own overhead is total − fetch − provider).
        reply.header(
          'server-timing',
          `fetch;dur=${timings.fetch.toFixed(1)}, provider;dur=${timings.provider.toFixed(1)}, total;dur=${reply.elapsedTime.toFixed(1)}`,
        );
        return { data: { content: item.content, id: item.id, page_title: item.page_title, title: item.title, type: item.type, cost: item.cost, credit } };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );

  app.get(
    '/ai-writter/credit',
    { preHandler: ctx.auth, schema: { tags, security, summary: 'The AI credit balance', response: { 200: aiCreditResponse } } },
    async (request) => ({ credit: await getCredit(ctx.db, request.userId) }),
  );

  app.get(
    '/ai-writter/history',
    {
      preHandler: ctx.auth,
      schema: {
        tags,
        security,
        summary: 'Everything written, newest first (pass next_cursor as cursor)',
        querystring: listQuery,
        response: { 200: listSchema },
      },
    },
    async (request) => list(ctx.db, request.userId, request.query),
  );

  app.get(
    '/ai-writter/favorites',
    {
      preHandler: ctx.auth,
      schema: { tags, security, summary: 'Favourites, newest first (pass next_cursor as cursor)', querystring: listQuery, response: { 200: listSchema } },
    },
    async (request) => list(ctx.db, request.userId, { ...request.query, favorites: true }),
  );

  app.patch(
    '/ai-writter/:id',
    {
      preHandler: ctx.auth,
      schema: {
        tags,
        security,
        summary: 'Mark (or unmark) a result as favourite',
        params: z.object({ id: z.string() }),
        body: aiFavoriteBody,
        response: { 200: itemSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound('Content');
      return setFavorite(ctx.db, request.userId, request.params.id, request.body.ai_writter.favorite);
    },
  );
};

declare module '../../lib/context' {
  interface Services {
    aiWriter?: AiWriterService;
  }
}
