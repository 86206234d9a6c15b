/**
 * SPEC §3 AI content types, labels and request fields; SPEC §9 credit costs. The web pages and the
 * server both read this table, so a type's label, cost, page and fields live in exactly one place.
 */

export const AI_TYPE_NAMES = [
  'business_name',
  'business_plan',
  'content_idea',
  'content_link',
  'ideal_customer',
  'user_persona',
  'newsletter',
  'birthday_wishes',
  'seasons_greetings',
  'email',
  'reply_email',
] as const;

export type AiType = (typeof AI_TYPE_NAMES)[number];

/** How a field is entered on the page. */
export type AiFieldKind =
  | 'textarea' // free text, several lines
  | 'text' // one line
  | 'url' // the Link input of content_link
  | 'contact' // Select A Customer modal (SPEC modal 1); the value sent is the contact's name
  | 'currency' // Select A Country modal; the value sent is a currency code of CURRENCIES
  | 'country' // Select A Country modal; the value sent is the country's name
  | 'age' // the Age Range popover: AGE_OPTIONS
  | 'tone' // a select of EMAIL_TONES
  | 'intent'; // a select of REPLY_INTENTS

export interface AiField {
  /** The payload key sent to POST /ai-writter/generate. */
  name: string;
  /** The form label, as the page shows it. */
  label: string;
  kind: AiFieldKind;
  /** Required by the SPEC §5 rule of the type (the Generate button stays disabled without it). */
  required: boolean;
  placeholder?: string;
  /** Prefilled from the user profile: company_name or name. */
  prefill?: 'company_name' | 'name';
}

export interface AiTypeInfo {
  type: AiType;
  /** SPEC §3 label. */
  label: string;
  /** Title of the page and of its header. */
  pageTitle: string;
  /** Credit taken per generation (SPEC §9). */
  cost: number;
  /** The page is /ai/{slug}. */
  slug: string;
  /** One line for the type card on /tabs/ai. */
  blurb: string;
  fields: AiField[];
}

export const AGE_OPTIONS = ['Young', 'Middle Age', 'Aged'] as const;
export type AgeOption = (typeof AGE_OPTIONS)[number];
export const DEFAULT_AGE: AgeOption = 'Young';

export const EMAIL_TONES = ['Friendly', 'Professional', 'Persuasive', 'Urgent', 'Grateful'] as const;
export type EmailTone = (typeof EMAIL_TONES)[number];
export const DEFAULT_TONE: EmailTone = 'Friendly';

export const REPLY_INTENTS = ['Accept', 'Decline', 'Ask for more details', 'Follow up', 'Apologise', 'Thank them'] as const;
export type ReplyIntent = (typeof REPLY_INTENTS)[number];
export const DEFAULT_INTENT: ReplyIntent = 'Accept';

/**
 * Output languages the generate payload may ask for. A Chat Completions provider (AI_BASE_URL) may write any
 * of them; the built-in writer writes only builtinAiLanguages(type), and the picker offers only those.
 */
export const AI_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'sw', name: 'Kiswahili' },
  { code: 'ha', name: 'Hausa' },
  { code: 'yo', name: 'Yorùbá' },
  { code: 'ig', name: 'Igbo' },
  { code: 'pcm', name: 'Naijá (Pidgin)' },
  { code: 'am', name: 'Amharic' },
  { code: 'zu', name: 'isiZulu' },
  { code: 'ar', name: 'العربية' },
  { code: 'pt', name: 'Português' },
  { code: 'es', name: 'Español' },
] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number]['code'];
export const AI_LANGUAGE_CODES = AI_LANGUAGES.map((l) => l.code) as [AiLanguage, ...AiLanguage[]];
export const DEFAULT_AI_LANGUAGE: AiLanguage = 'en';

/** The languages the built-in writer writes, idiomatically, for every type: English, French and Kiswahili. */
export const BUILTIN_AI_LANGUAGES: readonly AiLanguage[] = ['en', 'fr', 'sw'];

/** The languages the built-in writer writes for a type (the same for every type today). */
export function builtinAiLanguages(_type: AiType): readonly AiLanguage[] {
  return BUILTIN_AI_LANGUAGES;
}

/** Whether the built-in writer writes this language for the type (a request in another one is refused before any charge). */
export function isBuiltinAiLanguage(code: string, type: AiType): boolean {
  return (builtinAiLanguages(type) as readonly string[]).includes(code);
}

/** The languages the output-language picker offers for a type: the built-in ones, or all when a Chat Completions provider writes. */
export function offeredAiLanguages(type: AiType, provider: 'builtin' | 'chat' = 'builtin'): ReadonlyArray<(typeof AI_LANGUAGES)[number]> {
  return provider === 'chat' ? AI_LANGUAGES : AI_LANGUAGES.filter((l) => isBuiltinAiLanguage(l.code, type));
}

/** The refusal when the built-in writer is asked for a language it does not write (nothing is charged). */
export const AI_LANGUAGE_UNSUPPORTED =
  'The built-in writer does not write this language for this type. Choose one of the languages offered; nothing was charged.';

const description = (label: string, placeholder: string): AiField => ({ name: 'description', label, kind: 'textarea', required: true, placeholder });
const company: AiField = { name: 'company_name', label: 'Your Company Name', kind: 'text', required: true, prefill: 'company_name' };
const sender: AiField = { name: 'sender', label: 'Your Name', kind: 'text', required: true, prefill: 'name' };
const country: AiField = { name: 'country', label: 'Select A Country', kind: 'country', required: false };

/** SPEC §3 types in SPEC table order. */
export const AI_TYPES: readonly AiTypeInfo[] = [
  {
    type: 'business_name',
    label: 'Business Name Ideas',
    pageTitle: 'Business Name Ideas',
    cost: 10,
    slug: 'business-name',
    blurb: 'Ten name ideas for your business, each with the reason behind it.',
    fields: [description('Describe The Business', 'e.g. A shop in Yaba selling fresh fruit juice and smoothies')],
  },
  {
    type: 'business_plan',
    label: 'Business Plan',
    pageTitle: 'Business Plan',
    cost: 10,
    slug: 'business-plan',
    blurb: 'A one-page plan: market, offer, marketing, operations and figures.',
    fields: [
      description('Describe The Business', 'e.g. A tailoring shop making ready-to-wear Ankara outfits'),
      { name: 'currency', label: 'Currency', kind: 'currency', required: false },
    ],
  },
  {
    type: 'content_idea',
    label: 'Content Ideas',
    pageTitle: 'IG Content Ideas',
    cost: 5,
    slug: 'content-idea',
    blurb: 'A week of Instagram post ideas with captions and hashtags.',
    fields: [description('Describe Your Business', 'e.g. A bakery in Accra known for meat pies and birthday cakes')],
  },
  {
    type: 'content_link',
    label: 'Content from link',
    pageTitle: 'Content from link',
    cost: 15,
    slug: 'content-link',
    blurb: 'Social posts and a summary written from a web page.',
    fields: [{ name: 'url', label: 'Link', kind: 'url', required: true, placeholder: 'https://example.com/article' }],
  },
  {
    type: 'ideal_customer',
    label: 'My Ideal Customer',
    pageTitle: 'My Ideal Customer',
    cost: 10,
    slug: 'idea-customer',
    blurb: 'Who buys from you, what they need and where to find them.',
    fields: [description('Describe Your Business', 'e.g. Affordable solar lamps for shops and homes'), country],
  },
  {
    type: 'user_persona',
    label: 'User Persona',
    pageTitle: 'User Persona',
    cost: 10,
    slug: 'user-persona',
    blurb: 'A customer profile for an age range and a country.',
    fields: [
      { name: 'age', label: 'Age Range', kind: 'age', required: true },
      description('Describe Your Business', 'e.g. A mobile app for booking hair appointments'),
      country,
    ],
  },
  {
    type: 'newsletter',
    label: 'Newsletter',
    pageTitle: 'Newsletter',
    cost: 5,
    slug: 'newsletter',
    blurb: 'A newsletter to your customers about your latest news.',
    fields: [description('Describe Your Update', 'e.g. We opened a second branch in Lekki and have new opening hours')],
  },
  {
    type: 'birthday_wishes',
    label: 'Birthday Message',
    pageTitle: 'Write Birthday Message',
    cost: 5,
    slug: 'birthday-wishes',
    blurb: 'A warm birthday message for a customer, from you.',
    fields: [{ name: 'name', label: 'Select A Customer', kind: 'contact', required: true }, company, sender],
  },
  {
    type: 'seasons_greetings',
    label: 'Seasons Greeting',
    pageTitle: 'Seasons Greeting',
    cost: 5,
    slug: 'seasons-greetings',
    blurb: 'Holiday greetings for your customers.',
    fields: [{ name: 'holiday', label: 'Name Of Holiday', kind: 'text', required: true, placeholder: 'e.g. Christmas, Eid al-Fitr, Easter' }, company, sender],
  },
  {
    type: 'email',
    label: 'Email Copy',
    pageTitle: 'Email Copy',
    cost: 5,
    slug: 'email',
    blurb: 'A ready-to-send email with a subject line.',
    fields: [
      description('Describe The Email', 'e.g. Tell customers about our 20% December discount on all shoes'),
      { name: 'tone', label: 'Tone', kind: 'tone', required: false },
    ],
  },
  {
    type: 'reply_email',
    label: 'Email Reply',
    pageTitle: 'Email Reply',
    cost: 5,
    slug: 'reply-email',
    blurb: 'A polite reply to an email you received.',
    fields: [
      { name: 'original_email', label: 'Paste The Email', kind: 'textarea', required: true, placeholder: 'Paste the email you received' },
      { name: 'intent', label: 'What Do You Want To Say', kind: 'intent', required: false },
    ],
  },
];

export const AI_COSTS: Record<AiType, number> = Object.fromEntries(AI_TYPES.map((t) => [t.type, t.cost])) as Record<AiType, number>;

export function isAiType(value: unknown): value is AiType {
  return typeof value === 'string' && (AI_TYPE_NAMES as readonly string[]).includes(value);
}

export function aiTypeInfo(type: AiType): AiTypeInfo {
  const info = AI_TYPES.find((t) => t.type === type);
  if (!info) throw new Error(`unknown AI type ${type}`);
  return info;
}

export function aiTypeBySlug(slug: string): AiTypeInfo | undefined {
  return AI_TYPES.find((t) => t.slug === slug);
}

export function aiCost(type: AiType): number {
  return AI_COSTS[type];
}

/** SPEC §3 "Sample AI content". */
export interface AiSample {
  title: string;
  content: string;
  pageTitle: string;
  sample: true;
  cost: number;
}
