import { AI_LANGUAGE_UNSUPPORTED, type AiLanguage, type AiType, isBuiltinAiLanguage } from '@duka/core';
import { type AiFields, type AiProvider, type GenerateExtra, type GeneratedText, type PageText, ProviderError, type Sender } from '../provider';
import { idealCustomer, userPersona } from './audience';
import { businessNames, businessPlan } from './business';
import { contentFromLink, contentIdeas, newsletter } from './marketing';
import { birthdayWishes, emailCopy, replyEmail, seasonsGreetings } from './messages';
import { withoutInstruction } from './instruction';
import { createRng, hash, type Lang, type Rng } from './text';

/** What a writer knows beyond the form: the fetched page (content_link) and who the content is from. */
export interface WriterContext {
  source?: PageText;
  from: Sender;
}

type Writer = (fields: AiFields, lang: Lang, rng: Rng, ctx: WriterContext) => GeneratedText;
const WRITERS: Record<AiType, Writer> = {
  business_name: businessNames,
  business_plan: businessPlan,
  content_idea: contentIdeas,
  content_link: (fields, lang, rng, { source }) => {
    if (!source) throw new ProviderError('The page of the link was not fetched');
    return contentFromLink(fields, lang, rng, source);
  },
  ideal_customer: idealCustomer,
  user_persona: userPersona,
  newsletter,
  birthday_wishes: birthdayWishes,
  seasons_greetings: seasonsGreetings,
  email: emailCopy,
  reply_email: replyEmail,
};

/** What the built-in writer writes, per type (core's table, so the web picker and the server agree). */
export function builtinWrites(type: AiType, language: string): boolean {
  return isBuiltinAiLanguage(language, type);
}

/**
 * Writes every type without any outside service, from the user's inputs, in English, French or Kiswahili
 * (builtinAiLanguages). Nothing is added to the content: no note and no signature line.
 * Wording varies between runs (seeded from the inputs and the time) and is fixed when a seed is given.
 */
export function writeBuiltin(type: AiType, fields: AiFields, language: AiLanguage | string, extra: GenerateExtra = {}): GeneratedText {
  if (!builtinWrites(type, language)) throw new ProviderError(AI_LANGUAGE_UNSUPPORTED);
  const lang = language as Lang;
  const seed = hash(`${type}|${JSON.stringify(fields)}|${language}|${extra.seed ?? Date.now()}`);
  // Issue 29: an instruction ("Tell my customers that…") is turned into what to say; the e-mail reads it itself (who, what).
  const about = type !== 'email' && fields.description ? { ...fields, description: withoutInstruction(fields.description) } : fields;
  const out = WRITERS[type](about, lang, createRng(seed), { source: extra.source, from: cleanSender(extra.from) });
  return { title: out.title, content: out.content.trim() };
}

/** Profile values fit for a sign-off: trimmed, single-line, not absurdly long; empty ones dropped. */
function cleanSender(from: Sender | undefined): Sender {
  const clean = (v: string | undefined) => {
    const t = (v ?? '').replace(/\s+/g, ' ').trim();
    return t && t.length <= 80 ? t : undefined;
  };
  return { name: clean(from?.name), company: clean(from?.company) };
}

export const builtinProvider: AiProvider = {
  name: 'builtin',
  writes: (language, type) => builtinWrites(type, language),
  async generate(type, fields, language, extra) {
    return writeBuiltin(type, fields, language, extra);
  },
};
