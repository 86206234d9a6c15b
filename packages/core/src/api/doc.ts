import { z } from 'zod';
import { splitRouteKey } from './open';
import { API_ROUTES, type RouteContract } from './routes';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

function jsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The object inside nullable/union wrappers, if any. */
function objectOf(s: JsonSchema): JsonSchema | undefined {
  if (s.properties) return s;
  return s.anyOf?.map(objectOf).find(Boolean);
}

/** "a, b?, user.{name, email}": an object's fields (optional ones marked ?), one level into a lone wrapper field. */
function fieldList(s: JsonSchema | undefined, depth = 0): string {
  const forms = s?.oneOf ?? s?.anyOf?.filter((x) => x.properties);
  if (forms && forms.length > 1) return `one of ${forms.length} forms`;
  const o = s && objectOf(s);
  if (!o?.properties) {
    if (s?.type === 'array' && s.items) {
      const inner = fieldList(s.items, depth);
      return inner && !inner.startsWith('one of') && !inner.startsWith('[') ? `[{${inner}}]` : `[${inner}]`;
    }
    return '';
  }
  const names = Object.keys(o.properties);
  const required = new Set(o.required ?? []);
  return names
    .map((name) => {
      const inner = o.properties![name];
      const mark = required.has(name) ? '' : '?';
      const nested = names.length === 1 && depth === 0 ? fieldList(inner, depth + 1) : '';
      if (!nested) return `${name}${mark}`;
      return nested.startsWith('[') || nested.startsWith('one of') ? `${name}${mark}: ${nested}` : `${name}${mark}.{${nested}}`;
    })
    .join(', ');
}

function answer(route: RouteContract): string {
  if (route.binary) return 'bytes (PDF or image)';
  if (route.text === 'html') return 'HTML page';
  if (route.text === 'plain') return 'text';
  const s = jsonSchema(route.response);
  const fields = fieldList(s);
  if (fields) return fields.startsWith('[') || fields.startsWith('one of') ? fields : `{${fields}}`;
  return s.type === 'null' ? 'nothing' : String(s.type ?? 'JSON');
}

function request(route: RouteContract): string {
  const parts: string[] = [];
  if (route.query) parts.push(`query: ${fieldList(jsonSchema(route.query))}`);
  if (route.body) {
    const fields = fieldList(jsonSchema(route.body));
    parts.push(fields.startsWith('one of') ? `body: ${fields}` : `body: {${fields}}`);
  }
  if (route.raw) parts.push('body: the signed raw bytes');
  if (route.multipart) parts.push('multipart form');
  return parts.join('; ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/api.md, made from core's route map (`npm run docs:api` writes it; a test fails when the file is stale). */
export function apiDoc(): string {
  const rows = (Object.entries(API_ROUTES) as [string, RouteContract][])
    .map(([key, route]) => ({ ...splitRouteKey(key), route }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const lines = [
    '# API',
    '',
    "<!-- Generated from core's route map (packages/core/src/api): `npm run docs:api`. Do not edit by hand. -->",
    '',
    `Every route the server serves (${rows.length}), under \`/api\`, as declared once in \`API_ROUTES\`: the server registers`,
    "its handlers from these declarations and the web's typed client is derived from them. With `API_DOCS=on` the",
    'server also serves the full reference (every schema) at `/api/docs`.',
    '',
    'Errors are always `{"error":{"code","message","fields"?}}`. Auth: 🔒 needs `Authorization: Bearer <token>`;',
    '"open" needs none; "optional" reads the token when there is one. `?` marks an optional field.',
    '',
    '| Method | Path | Auth | Request | Answer |',
    '|---|---|---|---|---|',
  ];
  for (const { method, path, route } of rows) {
    const auth = route.auth === false ? 'open' : route.auth === 'optional' ? 'optional' : '🔒';
    lines.push(`| ${method} | \`${path}\` | ${auth} | ${cell(request(route))} | ${cell(answer(route))} |`);
  }
  const notes = rows.filter((r) => r.route.note);
  if (notes.length) lines.push('', '## Notes');
  for (const { method, path, route } of notes) lines.push('', `**${method} \`${path}\`**: ${route.note}`);
  return `${lines.join('\n')}\n`;
}
