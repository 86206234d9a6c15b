import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript sources below `dir` (tests and their fixtures left out), for tests that read the code itself (contract, form limits). */
export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.(test|fixture)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}
