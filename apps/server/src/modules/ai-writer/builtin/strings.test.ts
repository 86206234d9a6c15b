import { builtinAiLanguages } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { EVAL_CASES, EVAL_SOURCE } from './eval-set';
import { writeBuiltin } from './index';
import { say, sayEach } from './say';
import { writerStrings as en } from './strings';
import fr from './strings.fr';
import sw from './strings.sw';

const textsOf = (value: string | readonly string[]) => (typeof value === 'string' ? [value] : [...value]);

/** Issue 24: the built-in writer's words are i18next strings (strings.ts/.fr/.sw), like the documents' and the screens'. */
describe("built-in writer's strings", () => {
  it('has every key in every language, no empty text, and lists where English has lists', () => {
    for (const [language, table] of Object.entries({ fr, sw })) {
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        const other = (table as Record<string, string | readonly string[]>)[key];
        expect(typeof other, `${language}.${key}`).toBe(typeof value === 'string' ? 'string' : 'object');
        for (const text of textsOf(other)) expect(text.trim(), `${language}.${key}`).not.toBe('');
      }
    }
  });

  it('reads through i18next in the output language', () => {
    expect(say('fr', 'teamOf', { company: 'Ada Fabrics' })).toBe('L’équipe Ada Fabrics');
    expect(say('sw', 'names.prefixed', { prefix: 'Bora', main: 'Vitambaa' })).toBe('Vitambaa Bora');
    expect(sayEach('en', 'days')).toHaveLength(7);
    expect(sayEach('fr', 'idea.neighbourhood', { k: 'pagnes', at: ' à Dakar' })[1]).toBe(
      'Une photo de votre lieu à Dakar avec l’itinéraire et un repère connu.',
    );
  });

  it('leaves no placeholder unfilled in anything it writes (every type, language and region of the eval set), and keeps typed names as typed', () => {
    for (const c of EVAL_CASES)
      for (const seed of [1, 2, 3]) {
        const out = writeBuiltin(c.type, c.fields, c.language, { seed, source: EVAL_SOURCE, from: c.from });
        expect(`${out.title}\n${out.content}`, `${c.type} ${c.language} ${seed}`).not.toMatch(/\{\{|\}\}/);
      }
    const typed = { ...EVAL_CASES.find((c) => c.type === 'birthday_wishes')!.fields, company_name: 'Ada {{name}} & $& Co' };
    for (const language of builtinAiLanguages('birthday_wishes'))
      expect(writeBuiltin('birthday_wishes', typed, language, { seed: 1 }).content).toContain('Ada {{name}} & $& Co');
  });
});
