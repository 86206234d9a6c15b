import { AGE_OPTIONS, AI_MESSAGES, AI_TYPES, EMAIL_TONES, REPLY_INTENTS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { optionKey } from './components/Pickers';
import { aiStrings } from './strings';

/** The English keys of the AI writer copy core's tables word for word (SPEC's English stays as it is). */
describe('AI writer strings follow core', () => {
  it('has every type’s label, page title, blurb, field labels and placeholders', () => {
    const fields: Record<string, Record<string, string>> = aiStrings.fields;
    const placeholders: Record<string, Record<string, string>> = aiStrings.placeholders;
    expect(Object.keys(aiStrings.labels).sort()).toEqual(AI_TYPES.map((i) => i.type).sort());
    for (const info of AI_TYPES) {
      expect(aiStrings.labels[info.type]).toBe(info.label);
      expect(aiStrings.pageTitles[info.type]).toBe(info.pageTitle);
      expect(aiStrings.blurbs[info.type]).toBe(info.blurb);
      expect(fields[info.type]).toEqual(Object.fromEntries(info.fields.map((f) => [f.name, f.label])));
      const withPlaceholder = info.fields.filter((f) => f.placeholder);
      expect(placeholders[info.type] ?? {}).toEqual(Object.fromEntries(withPlaceholder.map((f) => [f.name, f.placeholder])));
    }
    expect(Object.keys(aiStrings.pageTitles)).toHaveLength(AI_TYPES.length);
    expect(Object.keys(aiStrings.blurbs)).toHaveLength(AI_TYPES.length);
    expect(Object.keys(fields)).toHaveLength(AI_TYPES.length);
  });

  it('has core’s validation messages and options', () => {
    expect(aiStrings.messages).toEqual(AI_MESSAGES);
    const options = (values: readonly string[]) => Object.fromEntries(values.map((v) => [optionKey(v), v]));
    expect(aiStrings.ages).toEqual(options(AGE_OPTIONS));
    expect(aiStrings.tones).toEqual(options(EMAIL_TONES));
    expect(aiStrings.intents).toEqual(options(REPLY_INTENTS));
  });
});
