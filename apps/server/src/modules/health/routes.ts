import { z } from 'zod';
import type { Module } from '../../lib/context';

export const healthRoutes: Module = (app) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
};
