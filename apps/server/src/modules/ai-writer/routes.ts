import type { Config } from '../../config';
import type { AppContext, Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
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
  const route = routesOf(app, ctx, 'AI writer');

  route(
    'POST /ai-writter/generate',
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
        // Honest about who wrote it (issue 29): the built-in writer, or the model behind AI_BASE_URL.
        const source = service.provider.name === builtinProvider.name ? 'builtin' : 'model';
        return {
          data: { content: item.content, id: item.id, page_title: item.page_title, title: item.title, type: item.type, cost: item.cost, credit, source },
        };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
    {
      config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      summary: 'Write content of one type (SPEC §3 fields plus generate); takes the type’s credit on success',
      errors: [400, 401, 422, 502],
    },
  );

  route('GET /ai-writter/credit', async (request) => ({ credit: await getCredit(ctx.db, request.userId) }), { summary: 'The AI credit balance' });

  route('GET /ai-writter/history', async (request) => list(ctx.db, request.userId, request.query), {
    summary: 'Everything written, newest first (pass next_cursor as cursor)',
  });

  route('GET /ai-writter/favorites', async (request) => list(ctx.db, request.userId, { ...request.query, favorites: true }), {
    summary: 'Favourites, newest first (pass next_cursor as cursor)',
  });

  route(
    'PATCH /ai-writter/:id',
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound('Content');
      return setFavorite(ctx.db, request.userId, request.params.id, request.body.ai_writter.favorite);
    },
    { summary: 'Mark (or unmark) a result as favourite', errors: [404] },
  );
};

declare module '../../lib/context' {
  interface Services {
    aiWriter?: AiWriterService;
  }
}
