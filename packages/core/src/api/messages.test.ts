import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './messages';

const first = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('validation messages (issue 22)', () => {
  it('say what to do, not which type zod expected', () => {
    const body = z.object({ name: z.string().min(1), count: z.number().int().min(1).max(10), kind: z.enum(['a', 'b']) }).strict();
    expect(first(body, null)).toBe('This request needs a JSON body: send an object ({…})');
    expect(first(body, { count: 1, kind: 'a' })).toBe('Required: give text');
    expect(first(body, { name: 5, count: 1, kind: 'a' })).toBe('Must be text, not a number');
    expect(first(body, { name: '', count: 1, kind: 'a' })).toBe('Enter a value: this cannot be empty');
    expect(first(body, { name: 'x', count: 11, kind: 'a' })).toBe('Enter 10 or less');
    expect(first(body, { name: 'x', count: 1, kind: 'c' })).toBe('Use one of "a", "b"');
    expect(first(body, { name: 'x', count: 1, kind: 'a', extra: 1 })).toBe('Unknown field "extra": remove it or check its spelling');
    expect(first(z.email(), 'nope')).toBe('Enter an e-mail address such as name@example.com');
  });

  it("keep a rule's own message", () => {
    expect(first(z.uuid('Must be a UUID'), 'x')).toBe('Must be a UUID');
  });
});
