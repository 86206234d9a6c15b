// Writes docs/api.md from core's route map (API_ROUTES); `--check` only tells whether the file is up to date.
// `npm run docs:api` runs it; packages/core/src/api/doc.test.ts fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'api.md');
const { apiDoc } = await tsImport('../packages/core/src/api/doc.ts', import.meta.url);
const doc = apiDoc();
if (process.argv.includes('--check')) {
  const same = readFileSync(target, 'utf8') === doc;
  console.log(same ? 'docs/api.md is up to date' : 'docs/api.md is stale: run npm run docs:api');
  process.exit(same ? 0 : 1);
}
writeFileSync(target, doc);
console.log(`docs/api.md: ${doc.split('\n').filter((l) => /^\| [A-Z]+ \|/.test(l)).length} routes`);
