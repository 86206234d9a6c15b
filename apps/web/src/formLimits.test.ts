// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/sourceFiles';

/**
 * Issue 24: a form's limits (how long a text may be, the least and the most a number may be, how many decimals)
 * are core's, the same the server checks: `maxLength={REFERENCE_MAX}`, never `maxLength={200}`. A number written in
 * a form drifts from the server's limit the day one of them changes, and the owner meets a refusal the form allowed.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** The props (JSX) and options (objects) that state a limit of what may be typed. */
const LIMIT = /\b(maxLength|minLength|min|max|decimalScale|step|maxValue|minValue)(=\{?|:\s*)\s*["']?(-?[0-9][0-9_.e]*)\b/g;

/** The element a prop at `at` belongs to: the name after the last '<' before it. */
function elementAt(source: string, at: number): string {
  const open = source.lastIndexOf('<', at);
  return /^<([\w.]+)/.exec(source.slice(open))?.[1] ?? '';
}

/**
 * Limits a source states as literal numbers: `file:line prop=value`. A progress bar's or meter's `max` is a scale to
 * draw, not a limit on input; object options are read only where they are form options (`maxLength: 200`).
 */
function literalLimits(source: string, file = ''): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(LIMIT)) {
    const [, prop, sep, value] = m;
    const jsx = sep.startsWith('=');
    if (!jsx && !/^(maxLength|minLength|decimalScale|maxValue|minValue)$/.test(prop)) continue;
    if (jsx && /^(progress|meter)$/.test(elementAt(source, m.index))) continue;
    const line = source.slice(0, m.index).split('\n').length;
    out.push(`${file}:${line} ${prop}=${value}`);
  }
  return out;
}

describe('form limits come from core (issue 24)', () => {
  it('finds a limit written as a number, in JSX and in form options, and passes the same limit named from core', () => {
    expect(literalLimits('<TextInput label="x" maxLength={200} />')).toEqual([':1 maxLength=200']);
    expect(literalLimits('<NumberInput\n  min={0}\n  max={365}\n  decimalScale={2}\n/>')).toEqual([':2 min=0', ':3 max=365', ':4 decimalScale=2']);
    expect(literalLimits('<input maxLength="40" />')).toEqual([':1 maxLength=40']);
    expect(literalLimits('useForm({ maxLength: 20 })')).toEqual([':1 maxLength=20']);
    expect(literalLimits('<TextInput maxLength={REFERENCE_MAX} />')).toEqual([]);
    expect(literalLimits('<NumberInput min={LIMITS.minDueDays} max={LIMITS.maxDueDays} />')).toEqual([]);
    expect(literalLimits('<progress value={n} max={100} />')).toEqual([]);
    expect(literalLimits('<Textarea autosize minRows={2} maxRows={6} />')).toEqual([]);
    expect(literalLimits('Math.min(100, x); const max = 3;')).toEqual([]);
  });

  it('no web form states a length, an amount, a quantity or a count as a literal number', () => {
    const found = sourceFiles(here).flatMap((f) => literalLimits(readFileSync(f, 'utf8'), relative(here, f)));
    expect(found).toEqual([]);
  });
});
