import { describe, expect, it } from 'vitest';
import { MAX_NAMED, PLAN_EACH_CALL, SEEN_BEFORE_NAMING, statementNamer } from './prepared';

describe('statementNamer', () => {
  it('names a statement once it has been seen often enough, and always the same way after', () => {
    const nameOf = statementNamer();
    const text = 'select * from contacts where user_id = $1';
    const names = Array.from({ length: SEEN_BEFORE_NAMING + 2 }, () => nameOf(text));
    expect(names.slice(0, SEEN_BEFORE_NAMING - 1)).toEqual(Array(SEEN_BEFORE_NAMING - 1).fill(undefined));
    const name = names[SEEN_BEFORE_NAMING - 1];
    expect(name).toMatch(/^duka_\d+$/);
    expect(names.slice(SEEN_BEFORE_NAMING)).toEqual([name, name]);
    for (let i = 0; i < SEEN_BEFORE_NAMING; i++) nameOf('with x as (select 1) select * from x');
    expect(nameOf('with x as (select 1) select * from x')).not.toBe(name);
  });

  it('leaves other statements, several statements in one text and texts past the cap unnamed', () => {
    const nameOf = statementNamer();
    const seen = (text: string) => Array.from({ length: SEEN_BEFORE_NAMING + 1 }, () => nameOf(text)).pop();
    expect(seen('create index foo on bar (baz)')).toBeUndefined();
    expect(seen('begin')).toBeUndefined();
    expect(seen('select 1; select 2')).toBeUndefined();
    for (let i = 0; i < MAX_NAMED; i++) expect(seen(`select ${i}`)).toBeDefined();
    expect(seen('select 123456789')).toBeUndefined();
    expect(seen('select 0')).toBeDefined();
  });

  it('never names a statement marked to be planned on each call', () => {
    const nameOf = statementNamer();
    const text = `${PLAN_EACH_CALL}select * from invoices where issue_date between $1 and $2`;
    expect(Array.from({ length: SEEN_BEFORE_NAMING + 5 }, () => nameOf(text))).toEqual(Array(SEEN_BEFORE_NAMING + 5).fill(undefined));
    expect(Array.from({ length: SEEN_BEFORE_NAMING }, () => nameOf(text.slice(PLAN_EACH_CALL.length))).pop()).toBeDefined();
  });
});
