import type { z } from 'zod';
import { coreMessage } from '../validation';

/** Validates form values with a @duka/core schema (the same rules the server applies); returns field → message,
 * in the screen language. */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const res = schema.safeParse(values);
  if (res.success) return {};
  const out: Record<string, string> = {};
  for (const issue of res.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= coreMessage(issue.message);
  }
  return out;
}
