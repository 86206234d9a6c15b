import type { z } from 'zod';
import { ruleFieldErrors } from '../validation';

/** Validates form values with a @duka/core schema (the same rules the server applies); returns field → message,
 * in the screen language (core's rule codes through i18next). */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  return ruleFieldErrors(schema, values);
}
