import { z } from 'zod';
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '../constants/currencies';
import { textCheck } from '../records/text';
import { AGE_OPTIONS, AI_LANGUAGE_CODES, type AiType, DEFAULT_AGE, DEFAULT_INTENT, DEFAULT_TONE, EMAIL_TONES, REPLY_INTENTS } from './types';

/** SPEC §9 text limits: a description is longer than 5 characters; a name or company has at least 3. */
export const AI_DESCRIPTION_MIN = 6;
export const AI_NAME_MIN = 3;
/** Server-side caps (not in SPEC; they only stop abuse and oversized prompts). */
export const AI_LIMITS = { description: 4000, name: 120, holiday: 120, url: 2048, email: 10000 } as const;

/**
 * SPEC §5 loose URL pattern: optional http(s) scheme and www, a domain of 2 to 256 allowed characters,
 * a top-level domain of 2 to 6 letters and an optional path.
 */
export const AI_URL_PATTERN = /^(https?:\/\/)?(www\.)?[-a-zA-Z0-9@:%._+~#=]{2,256}\.[a-zA-Z]{2,6}\b([-a-zA-Z0-9@:%_+.~#?&/=,;!()*$']*)$/i;

export function isLooseUrl(text: string): boolean {
  const value = text.trim();
  return value.length > 0 && value.length <= AI_LIMITS.url && AI_URL_PATTERN.test(value);
}

/** The URL to fetch for what the user typed: https:// is assumed when no scheme is given. */
export function normalizeAiUrl(text: string): string {
  const value = text.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const longEnough = (v: unknown) => str(v).length >= AI_DESCRIPTION_MIN;
const nameOk = (v: unknown) => str(v).length >= AI_NAME_MIN;

/**
 * SPEC §5's reasons Generate stays off, by code: i18next English with {{placeholders}}. The web renders a problem's
 * code and params through its `ai` strings (these are its English; French and Swahili sit beside them), the
 * server answers with the English filled in (AI_MESSAGES).
 */
export const AI_MESSAGE_TEXTS = {
  description: 'Please write more than {{more}} characters',
  contact: 'Please choose a customer',
  company_name: 'Your company name needs at least {{min}} characters',
  sender: 'Your name needs at least {{min}} characters',
  holiday: 'Please enter the name of the holiday',
  url: 'Please enter a valid link, e.g. https://example.com/page',
  original_email: 'Please paste the email you received (more than {{more}} characters)',
} as const;
export type AiProblemCode = keyof typeof AI_MESSAGE_TEXTS;
export type AiProblemParams = Record<string, number>;
/** Why one field stops Generate: a code and the numbers its message names. */
export interface AiProblem {
  code: AiProblemCode;
  params: AiProblemParams;
}

const more = { more: AI_DESCRIPTION_MIN - 1 };
const atLeast = { min: AI_NAME_MIN };
/** Each code's parameters (the limits above). */
export const AI_PROBLEM_PARAMS: Record<AiProblemCode, AiProblemParams> = {
  description: more,
  contact: {},
  company_name: atLeast,
  sender: atLeast,
  holiday: {},
  url: {},
  original_email: more,
};

const problem = (code: AiProblemCode): AiProblem => ({ code, params: AI_PROBLEM_PARAMS[code] });

/** A problem in English, its placeholders filled: what the server's 4xx says. */
export function aiProblemMessage({ code, params }: AiProblem): string {
  return AI_MESSAGE_TEXTS[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The English messages by code (the zod schemas below refuse with these). */
export const AI_MESSAGES = Object.fromEntries(
  (Object.keys(AI_MESSAGE_TEXTS) as AiProblemCode[]).map((code) => [code, aiProblemMessage(problem(code))]),
) as Record<AiProblemCode, string>;

/**
 * SPEC §5: which fields stop the Generate button, each with a problem code and its parameters (empty object:
 * ready). Fields are what the form holds: strings (the contact field holds the chosen contact's name, or '').
 */
export function generateProblems(type: AiType, fields: Record<string, unknown>): Partial<Record<string, AiProblem>> {
  const problems: Partial<Record<string, AiProblem>> = {};
  switch (type) {
    case 'business_name':
    case 'business_plan':
    case 'content_idea':
    case 'newsletter':
    case 'ideal_customer':
    case 'user_persona':
    case 'email':
      if (!longEnough(fields.description)) problems.description = problem('description');
      break;
    case 'reply_email':
      if (!longEnough(fields.original_email)) problems.original_email = problem('original_email');
      break;
    case 'birthday_wishes':
      if (!str(fields.name)) problems.name = problem('contact');
      if (!nameOk(fields.company_name)) problems.company_name = problem('company_name');
      if (!nameOk(fields.sender)) problems.sender = problem('sender');
      break;
    case 'seasons_greetings':
      if (!str(fields.holiday)) problems.holiday = problem('holiday');
      if (!nameOk(fields.company_name)) problems.company_name = problem('company_name');
      if (!nameOk(fields.sender)) problems.sender = problem('sender');
      break;
    case 'content_link':
      if (!isLooseUrl(str(fields.url))) problems.url = problem('url');
      break;
  }
  return problems;
}

/** SPEC §5: true when the Generate button may be enabled. */
export function canGenerate(type: AiType, fields: Record<string, unknown>): boolean {
  return Object.keys(generateProblems(type, fields)).length === 0;
}

// ---- zod schemas of the POST /ai-writter/generate payload (the server enforces the same rules) ----

// Multi-line text that refuses control characters and lone surrogates (PostgreSQL cannot store them).
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).superRefine(textCheck(true));
const descriptionSchema = text(AI_LIMITS.description).min(AI_DESCRIPTION_MIN, AI_MESSAGES.description);
const companySchema = text(AI_LIMITS.name).min(AI_NAME_MIN, AI_MESSAGES.company_name);
const senderSchema = text(AI_LIMITS.name).min(AI_NAME_MIN, AI_MESSAGES.sender);
const languageSchema = z.enum(AI_LANGUAGE_CODES, { error: `language must be one of ${AI_LANGUAGE_CODES.join(', ')}` }).optional();
const countrySchema = text(AI_LIMITS.name).optional().default('');

const payload = <T extends AiType, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ generate: z.literal(type), language: languageSchema, ...shape });

export const AI_PAYLOAD_SCHEMAS = {
  business_name: payload('business_name', { description: descriptionSchema }),
  business_plan: payload('business_plan', {
    description: descriptionSchema,
    currency: z
      .enum(CURRENCY_CODES, { error: `currency must be one of ${CURRENCY_CODES.join(', ')}` })
      .optional()
      .default(DEFAULT_CURRENCY),
  }),
  content_idea: payload('content_idea', { description: descriptionSchema }),
  content_link: payload('content_link', {
    url: text(AI_LIMITS.url).refine((v) => isLooseUrl(v), AI_MESSAGES.url),
  }),
  ideal_customer: payload('ideal_customer', { description: descriptionSchema, country: countrySchema }),
  user_persona: payload('user_persona', {
    age: z
      .enum(AGE_OPTIONS, { error: `age must be one of ${AGE_OPTIONS.join(', ')}` })
      .optional()
      .default(DEFAULT_AGE),
    description: descriptionSchema,
    country: countrySchema,
  }),
  newsletter: payload('newsletter', { description: descriptionSchema }),
  birthday_wishes: payload('birthday_wishes', {
    company_name: companySchema,
    name: text(AI_LIMITS.name).min(1, AI_MESSAGES.contact),
    sender: senderSchema,
  }),
  seasons_greetings: payload('seasons_greetings', {
    company_name: companySchema,
    holiday: text(AI_LIMITS.holiday).min(1, AI_MESSAGES.holiday),
    sender: senderSchema,
  }),
  email: payload('email', {
    description: descriptionSchema,
    tone: z
      .enum(EMAIL_TONES, { error: `tone must be one of ${EMAIL_TONES.join(', ')}` })
      .optional()
      .default(DEFAULT_TONE),
  }),
  reply_email: payload('reply_email', {
    original_email: text(AI_LIMITS.email).min(AI_DESCRIPTION_MIN, AI_MESSAGES.original_email),
    intent: z
      .enum(REPLY_INTENTS, { error: `intent must be one of ${REPLY_INTENTS.join(', ')}` })
      .optional()
      .default(DEFAULT_INTENT),
  }),
} as const;

/** The whole generate payload, discriminated on `generate`. */
export const aiGeneratePayloadSchema = z.discriminatedUnion(
  'generate',
  [
    AI_PAYLOAD_SCHEMAS.business_name,
    AI_PAYLOAD_SCHEMAS.business_plan,
    AI_PAYLOAD_SCHEMAS.content_idea,
    AI_PAYLOAD_SCHEMAS.content_link,
    AI_PAYLOAD_SCHEMAS.ideal_customer,
    AI_PAYLOAD_SCHEMAS.user_persona,
    AI_PAYLOAD_SCHEMAS.newsletter,
    AI_PAYLOAD_SCHEMAS.birthday_wishes,
    AI_PAYLOAD_SCHEMAS.seasons_greetings,
    AI_PAYLOAD_SCHEMAS.email,
    AI_PAYLOAD_SCHEMAS.reply_email,
  ],
  { error: () => 'generate must be one of the AI content types' },
);

export type AiGeneratePayload = z.infer<typeof aiGeneratePayloadSchema>;
/** The payload the web page sends (before defaults are applied). */
export type AiGenerateInput = z.input<typeof aiGeneratePayloadSchema>;
export type AiPayloadOf<T extends AiType> = Extract<AiGeneratePayload, { generate: T }>;
