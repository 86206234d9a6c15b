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

export const AI_MESSAGES = {
  description: `Please write more than ${AI_DESCRIPTION_MIN - 1} characters`,
  contact: 'Please choose a customer',
  company_name: `Your company name needs at least ${AI_NAME_MIN} characters`,
  sender: `Your name needs at least ${AI_NAME_MIN} characters`,
  holiday: 'Please enter the name of the holiday',
  url: 'Please enter a valid link, e.g. https://example.com/page',
  original_email: `Please paste the email you received (more than ${AI_DESCRIPTION_MIN - 1} characters)`,
} as const;

/**
 * SPEC §5: which fields stop the Generate button, with a message each (empty object: ready).
 * Fields are what the form holds: strings (the contact field holds the chosen contact's name, or '').
 */
export function generateProblems(type: AiType, fields: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  switch (type) {
    case 'business_name':
    case 'business_plan':
    case 'content_idea':
    case 'newsletter':
    case 'ideal_customer':
    case 'user_persona':
    case 'email':
      if (!longEnough(fields.description)) problems.description = AI_MESSAGES.description;
      break;
    case 'reply_email':
      if (!longEnough(fields.original_email)) problems.original_email = AI_MESSAGES.original_email;
      break;
    case 'birthday_wishes':
      if (!str(fields.name)) problems.name = AI_MESSAGES.contact;
      if (!nameOk(fields.company_name)) problems.company_name = AI_MESSAGES.company_name;
      if (!nameOk(fields.sender)) problems.sender = AI_MESSAGES.sender;
      break;
    case 'seasons_greetings':
      if (!str(fields.holiday)) problems.holiday = AI_MESSAGES.holiday;
      if (!nameOk(fields.company_name)) problems.company_name = AI_MESSAGES.company_name;
      if (!nameOk(fields.sender)) problems.sender = AI_MESSAGES.sender;
      break;
    case 'content_link':
      if (!isLooseUrl(str(fields.url))) problems.url = AI_MESSAGES.url;
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
