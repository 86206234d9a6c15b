import { describe, expect, it } from 'vitest';
import { textsOf, type TextTranslation } from './texts';

const en = { hello: 'Hello {{name}}!', bye: 'Goodbye', wishes: ['Good luck, {{name}}.', 'All the best, {{name}}.'] } as const;
const fr: TextTranslation<typeof en> = { hello: 'Bonjour {{name}} !', bye: 'Au revoir', wishes: ['Bonne chance, {{name}}.'] };
const sw: TextTranslation<typeof en> = {
  hello: 'Habari {{name}}!',
  bye: 'Kwaheri',
  wishes: ['Kila la heri, {{name}}.', 'Mungu akubariki, {{name}}.', 'Safari njema, {{name}}.'],
};

describe('textsOf (one i18next namespace outside the screens)', () => {
  const texts = textsOf('test', { en, fr, sw });

  it('fills placeholders in the asked language', () => {
    expect(texts.text('en', 'hello', { name: 'Ada' })).toBe('Hello Ada!');
    expect(texts.text('fr', 'hello', { name: 'Ada' })).toBe('Bonjour Ada !');
    expect(texts.text('sw', 'bye')).toBe('Kwaheri');
  });

  it('gives every variant of a list, as many as the language has', () => {
    expect(texts.variants('en', 'wishes', { name: 'Musa' })).toEqual(['Good luck, Musa.', 'All the best, Musa.']);
    expect(texts.variants('fr', 'wishes', { name: 'Musa' })).toEqual(['Bonne chance, Musa.']);
    expect(texts.variants('sw', 'wishes', { name: 'Musa' })).toHaveLength(3);
  });

  it('falls back to English for a key a language lacks', () => {
    const partial = textsOf('partial', { en, fr: { hello: fr.hello } as unknown as TextTranslation<typeof en>, sw });
    expect(partial.text('fr', 'bye')).toBe('Goodbye');
    expect(partial.variants('fr', 'wishes', { name: 'Ada' })).toEqual(['Good luck, Ada.', 'All the best, Ada.']);
  });

  it('puts what a person typed in as it is: no escaping, no second interpolation, no replacement patterns', () => {
    for (const typed of ['<b>Ada & Co</b>', '{{name}}', '$& $1 $$', '$t(bye)', "O'Neil “quoted”"])
      expect(texts.text('en', 'hello', { name: typed })).toBe(`Hello ${typed}!`);
    expect(texts.variants('en', 'wishes', { name: '$t(hello)' })[0]).toBe('Good luck, $t(hello).');
  });
});
