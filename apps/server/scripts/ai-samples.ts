/** Writes docs/ai-samples.md from the built-in writer's evaluation set (npm run ai-samples). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSamples } from '../src/modules/ai-writer/builtin/eval-set';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/ai-samples.md');
writeFileSync(file, renderSamples());
console.log(`wrote ${file}`);
