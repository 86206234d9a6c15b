import type { FastifyReply } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * Sends an answer already built as JSON text (a pull page made by PostgreSQL, pull-json.ts) as it is. Outside
 * production it is parsed and checked against the route's declared answer first, as checkedOutsideProduction checks
 * the other hot answers: an answer the check would refuse or change (a key it drops, a value it converts) fails, so
 * what production sends unchecked is what the check lets through.
 */
export function jsonTextSender(production: boolean, schema: z.ZodType, route: string) {
  return (reply: FastifyReply, text: string): FastifyReply => {
    if (!production) {
      const parsed: unknown = JSON.parse(text);
      const checked = schema.safeParse(parsed);
      if (!checked.success) throw new Error(`${route}: the answer does not match its schema: ${checked.error.message}`);
      if (!isDeepStrictEqual(checked.data, parsed)) throw new Error(`${route}: the answer has fields its schema does not declare`);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };
}
