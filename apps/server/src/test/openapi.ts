import type { FastifyInstance } from 'fastify';

/** The JSON Schema shapes the fuzz tests read from the server's OpenAPI document. */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  additionalProperties?: Schema | boolean;
  default?: unknown;
  $ref?: string;
};

/** One operation: its path and query parameters, its body's schema (JSON first) and the content types it takes. */
export interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  body?: Schema;
  contentTypes: string[];
}

/**
 * Every operation of the OpenAPI document the app serves (/api/docs/json), except deleting the account itself
 * (which would end a check that runs as that account), and `resolve` for the document's $refs.
 */
export async function apiOperations(app: FastifyInstance): Promise<{ operations: Operation[]; resolve: (s: Schema | undefined) => Schema }> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (s: Schema | undefined): Schema => (s?.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop() as string] ?? {}) : (s ?? {}));
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .filter(([method]) => !(method === 'delete' && path === '/api/users/delete'))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? Object.values(op.requestBody?.content ?? {})[0]?.schema,
        contentTypes: Object.keys(op.requestBody?.content ?? {}),
      })),
  );
  return { operations, resolve };
}
