import { z } from 'zod';

/**
 * Zod's own messages ("Invalid input: expected object, received null") name types, not what to do. Wherever a
 * schema gives no message of its own, these sentences say what is wrong and how to fix it (issue 22). A rule's
 * own message (e.g. 'Must be a UUID') always wins.
 */
type Issue = z.core.$ZodRawIssue;

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object ({…})',
  array: 'a list ([…])',
  date: 'a date',
  null: 'null',
};

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return 'text';
  if (typeof input === 'number') return Number.isNaN(input) ? 'not a number' : 'a number';
  if (typeof input === 'boolean') return 'true or false';
  if (typeof input === 'object') return 'an object';
  return typeof input;
}

const quoteList = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ');

function sizeRule(issue: Extract<Issue, { code: 'too_small' }> | Extract<Issue, { code: 'too_big' }>): string | undefined {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && bound === 1) return 'Enter a value: this cannot be empty';
      return small ? `Enter at least ${bound} characters` : `Use at most ${bound} characters`;
    case 'array':
    case 'set':
      if (small && bound === 1) return 'Give at least one item';
      return small ? `Give at least ${bound} items` : `Give at most ${bound} items`;
    case 'number':
    case 'int':
    case 'bigint':
      if (small) return inclusive ? `Enter ${bound} or more` : `Enter a number above ${bound}`;
      return inclusive ? `Enter ${bound} or less` : `Enter a number below ${bound}`;
    default:
      return undefined;
  }
}

export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const wanted = kinds[issue.expected] ?? issue.expected;
      // The server sees a request without a body as null.
      if ((issue.input === undefined || issue.input === null) && !issue.path?.length) return `This request needs a JSON body: send ${wanted}`;
      if (issue.input === undefined) return `Required: give ${wanted}`;
      return `Must be ${wanted}, not ${received(issue.input)}`;
    }
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Unknown field "${issue.keys[0]}": remove it or check its spelling`
        : `Unknown fields ${quoteList(issue.keys)}: remove them or check their spelling`;
    case 'invalid_value':
      return issue.values.length === 1 ? `Must be ${quoteList(issue.values)}` : `Use one of ${quoteList(issue.values)}`;
    case 'too_small':
    case 'too_big':
      return sizeRule(issue);
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter an e-mail address such as name@example.com';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Must be a UUID such as 0b7e4d4c-5f0a-4a0e-9c1e-2f6d3a1b9e10';
      if (issue.format === 'url') return 'Enter a full web address starting with https://';
      if (issue.format === 'date') return 'Enter a date as YYYY-MM-DD';
      if (issue.format === 'datetime') return 'Enter a date and time such as 2026-01-31T09:00:00Z';
      return `Must be in ${issue.format} format`;
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

/**
 * Zod's messages as sentences (plainMessage) wherever a schema has no message of its own. Called here and by the
 * server at start: core declares no side effects (package.json), so a bundled server drops a bare import of this file.
 */
export function installPlainMessages(): void {
  z.config({ customError: plainMessage });
}
installPlainMessages();
