import { z } from 'zod';

/** The JSON error shape of every failure (the server's error handler). */
export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
export type ApiErrorBody = z.infer<typeof errorResponse>;

/**
 * The body of a POST that needs none: a request sent with no body (or JSON null) is read as {} with its defaults,
 * so `curl -X POST …` just works (issue 22).
 */
export const bodyOrNothing = <T extends z.ZodType>(schema: T) => schema.nullish().transform((body) => (body ?? schema.parse({})) as z.output<T>);

/** Route parameters shared by many routes. */
export const uuidParams = z.object({ id: z.uuid('Must be a UUID') });
export const publicIdParams = z.object({ public_id: z.string().min(1).max(100) });
export const referenceParams = z.object({ reference: z.string().min(1).max(100) });
