import { z } from 'zod';

/** The JSON error shape of every failure (app.ts error handler). */
export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});

export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
