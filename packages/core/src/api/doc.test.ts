import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiDoc } from './doc';
import { API_ROUTES } from './routes';

const file = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));

describe('docs/api.md (issue 24)', () => {
  it('is what the route map makes: run `npm run docs:api` after changing a route', () => {
    expect(readFileSync(file, 'utf8')).toBe(apiDoc());
  });

  it('lists every route of the map, with its auth, request and answer', () => {
    const doc = apiDoc();
    for (const key of Object.keys(API_ROUTES)) {
      const [method, path] = key.split(' ');
      expect(doc, key).toContain(`| ${method} | \`${path}\` |`);
    }
    expect(doc).toContain('| POST | `/user_token` | open | body: {auth.{email, password}} |');
    expect(doc).toContain('| GET | `/invoices/:id/pdf` | 🔒 |  | bytes (PDF or image) |');
  });
});
