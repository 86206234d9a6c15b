import { describe, expect, it } from 'vitest';
import { aiSample, AI_SAMPLES, AI_SAMPLES_IN } from './samples';
import { AI_TYPE_NAMES, aiTypeInfo } from './types';

/** How many of a language's short words a text uses (a rough language check, as the built-in writer's evaluation does). */
const STOP_WORDS = {
  en: ['the', 'and', 'your', 'you', 'with', 'for', 'to', 'of', 'is', 'our', 'we'],
  fr: ['le', 'la', 'les', 'des', 'et', 'vous', 'votre', 'vos', 'pour', 'de', 'du', 'nous', 'est', 'une', 'un'],
  sw: ['na', 'ya', 'wa', 'kwa', 'za', 'la', 'cha', 'kila', 'ni', 'katika', 'yako', 'bila'],
} as const;
const count = (text: string, words: readonly string[]) =>
  text
    .toLowerCase()
    .split(/[^\p{L}’']+/u)
    .filter((w) => (words as readonly string[]).includes(w)).length;

describe('See Sample in French and Kiswahili (t21)', () => {
  it('has every type in each language, with the type’s page title and cost', () => {
    for (const language of ['en', 'fr', 'sw'] as const) {
      for (const type of AI_TYPE_NAMES) {
        const s = AI_SAMPLES_IN[language][type];
        expect(s).toMatchObject({ sample: true, cost: aiTypeInfo(type).cost, pageTitle: aiTypeInfo(type).pageTitle });
        expect(s.content.length, `${language} ${type}`).toBeGreaterThan(200);
      }
    }
  });

  it('writes the French and Kiswahili samples in their language, not English', () => {
    for (const language of ['fr', 'sw'] as const) {
      for (const type of AI_TYPE_NAMES) {
        const s = aiSample(type, language);
        const text = `${s.title}\n${s.content}`;
        const own = count(text, STOP_WORDS[language]);
        const english = count(text, STOP_WORDS.en);
        expect(s.title, `${language} ${type}`).not.toBe(AI_SAMPLES[type].title);
        expect(own, `${language} ${type}: ${own} own words, ${english} English`).toBeGreaterThan(3 * Math.max(1, english));
      }
    }
    // The English ones pass the same check the other way round (the check can tell them apart).
    for (const type of AI_TYPE_NAMES) {
      const text = `${AI_SAMPLES[type].title}\n${AI_SAMPLES[type].content}`;
      expect(count(text, STOP_WORDS.en), type).toBeGreaterThan(count(text, STOP_WORDS.fr));
    }
  });

  it('falls back to English for a language it does not have', () => {
    expect(aiSample('email')).toBe(AI_SAMPLES.email);
    expect(aiSample('email', 'ha')).toBe(AI_SAMPLES.email);
    expect(aiSample('email', 'constructor')).toBe(AI_SAMPLES.email);
    expect(aiSample('email', 'fr').content).toMatch(/^\*\*Objet :\*\* 20 % de remise/);
  });
});
