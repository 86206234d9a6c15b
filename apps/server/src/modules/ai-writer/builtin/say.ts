import { type TextKeyOf, textsOf, type TextValues, type VariantsKeyOf } from '@duka/core';
import { type WriterStrings, writerStrings as en } from './strings';
import fr from './strings.fr';
import sw from './strings.sw';

/**
 * The built-in writer's words in English, French and Kiswahili: i18next strings (namespace 'aiWriter') in
 * strings.ts / strings.fr.ts / strings.sw.ts, read the way core reads its documents' (textsOf). Only the
 * words live there; what the writer says and in which order is the code's.
 */
/** The writer's three written languages. */
export type Lang = 'en' | 'fr' | 'sw';

const writer = textsOf('aiWriter', { en, fr, sw });

/** One text in the output language, its {{placeholders}} filled. */
export const say = (lang: Lang, key: TextKeyOf<WriterStrings>, values?: TextValues): string => writer.text(lang, key, values);

/** Every variant of a text in the output language (the writer picks one with its seeded random). */
export const sayEach = (lang: Lang, key: VariantsKeyOf<WriterStrings>, values?: TextValues): string[] => writer.variants(lang, key, values);

type Named<K, Prefix extends string, Suffix extends string> = K extends `${Prefix}${infer Name}${Suffix}` ? Name : never;
/** The holidays, email tones, reply intents, sectors and ages the strings name. */
export type Holiday = Named<keyof WriterStrings, 'holiday.', '.name'>;
export type Tone = Named<keyof WriterStrings, 'tone.', '.hello'>;
export type Intent = Named<keyof WriterStrings, 'intent.', ''>;
export type LocalWord = Named<keyof WriterStrings, 'local.', ''>;
export type AgeKey = Named<keyof WriterStrings, 'age.', '.label'>;
