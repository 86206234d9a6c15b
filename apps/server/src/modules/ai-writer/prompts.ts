import { AI_LANGUAGES, type AiType, aiTypeInfo } from '@duka/core';
import type { AiFields, PageText, Sender } from './provider';

/** Every prompt sent to a Chat Completions provider, in one place. */

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const PAGE_TEXT_MAX = 12_000;

function languageName(code: string): string {
  const names: Record<string, string> = {
    en: 'English',
    fr: 'French',
    sw: 'Swahili',
    ha: 'Hausa',
    yo: 'Yoruba',
    ig: 'Igbo',
    pcm: 'Nigerian Pidgin',
    am: 'Amharic',
    zu: 'Zulu',
    ar: 'Arabic',
    pt: 'Portuguese',
    es: 'Spanish',
  };
  return names[code] ?? AI_LANGUAGES.find((l) => l.code === code)?.name ?? 'English';
}

export function systemPrompt(language: string): string {
  return [
    'You are the writing assistant of Duka, an invoicing app for small businesses, mostly in Africa.',
    'Write practical, warm, specific content that a small-business owner can use as is. Use local context (currencies, channels such as WhatsApp, Instagram, markets) when it helps.',
    `Write everything in ${languageName(language)}, as a shop owner there would write it (idiomatic, not translated word for word), whatever the language of the inputs.`,
    'Never state a fact about the business that the inputs do not give (no reply times, discounts, delivery, awards or years of experience); use [placeholders] for anything the owner must fill in.',
    'When the inputs are an instruction ("Tell customer Funke that her dresses are ready"), write the message to that customer (who, what, when, how to pay); never repeat the instruction itself.',
    'Use every name (people, businesses, places) exactly as typed, with the same capital letters. Do not add a signature line about who or what wrote the text.',
    'Answer in Markdown only. The first line is a short title starting with "# ". Do not add explanations before or after the content, and do not wrap it in a code block.',
  ].join(' ');
}

function pageText(source: PageText): string {
  const text = [
    `Title: ${source.title}`,
    source.description && `Description: ${source.description}`,
    source.headings.length ? `Headings:\n${source.headings.map((h) => `- ${h}`).join('\n')}` : '',
    `Text:\n${source.paragraphs.join('\n\n')}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return text.length > PAGE_TEXT_MAX ? `${text.slice(0, PAGE_TEXT_MAX)}\n[…]` : text;
}

const PROMPTS: Record<AiType, (f: AiFields, source?: PageText) => string> = {
  business_name: (f) =>
    `Suggest 10 names for this business, as a numbered list. After each name in bold, give a one-line reason. Use words from the description and, where it fits, words from the languages spoken in the town or country it names (never from another region), and names that sound natural in the output language. End with one tip on checking the name is available.\n\nBusiness: ${f.description}`,
  business_plan: (f) =>
    `Write a one-page business plan with the sections Summary, Market, Offer, Marketing, Operations, Financials and Next steps. In Financials give a Markdown table with start-up costs, monthly fixed costs, average price, margin per sale, break-even volume and year-one revenue, with realistic figures in ${f.currency || 'NGN'} (currency code or symbol of ${f.currency || 'NGN'}, no decimals).\n\nBusiness: ${f.description}`,
  content_idea: (f) =>
    `Plan a week of Instagram posts (Monday to Sunday) for this business. For each day give a heading, what to post (format: reel, carousel, story, photo) and a ready-to-use caption. End with 5 to 8 relevant hashtags and the best times to post.\n\nBusiness: ${f.description}`,
  content_link: (f, source) =>
    `From the web page below, write: a short Summary (3 to 4 sentences), Key points (bullets), then Social posts for X/Twitter (under 280 characters, with the link), Facebook, Instagram (with hashtags), LinkedIn and a WhatsApp status. Link: ${f.url}\n\n--- Page ---\n${source ? pageText(source) : '(not available)'}`,
  ideal_customer: (f) =>
    `Describe the ideal customer of this business${f.country ? ` in ${f.country}` : ''}: who they are (age, job, income in local currency), their problem, what they want, where to find them, what convinces them, a message that works, and three actions for this week.\n\nBusiness: ${f.description}`,
  user_persona: (f) =>
    `Create a user persona for this business. Age range: ${f.age || 'Young'} (Young is 18–30, Middle Age 31–50, Aged 51+).${f.country ? ` Country: ${f.country}.` : ''} Give a name, age and place, background, goals, frustrations, habits (media and payment), what matters to them, how to win them, and a short quote.\n\nBusiness: ${f.description}`,
  newsletter: (f) =>
    `Write a short customer newsletter about this update: a headline, a greeting, what is new, what it means for the customer (bullets), a call to action and a sign-off from the team.\n\nUpdate: ${f.description}`,
  birthday_wishes: (f) =>
    `Write a warm birthday message to our customer ${f.name}, from ${f.sender} of ${f.company_name}. Thank them for their loyalty, keep it under 120 words and sign it "${f.sender} – ${f.company_name}".`,
  seasons_greetings: (f) =>
    `Write a seasons greeting to our customers for ${f.holiday}, from ${f.sender} of ${f.company_name}. Respect the traditions of the holiday, thank customers for their support, keep it under 120 words and sign it "${f.sender} – ${f.company_name}".`,
  email: (f) =>
    `Write a marketing email. Tone: ${f.tone || 'Friendly'}. Give two subject line options, a preview text, then the body with a clear call to action and a sign-off.\n\nWhat the email is about: ${f.description}`,
  reply_email: (f) =>
    `Write a reply to the email below. What the reply should do: ${f.intent || 'Accept'}. Start with a subject line "Re: …", answer each question in the email (use [placeholders] for facts you don't know), stay polite and concise, and end with "Kind regards," and [Your name].\n\n--- Email ---\n${f.original_email}`,
};

/** Who is writing, for sign-offs (the forms of newsletter and emails do not ask). */
function senderLine(from: Sender | undefined): string {
  const parts = [from?.name && `the owner is ${from.name}`, from?.company && `the business is called ${from.company}`].filter(Boolean);
  return parts.length ? `\n\nAbout the sender (use it to sign off instead of placeholders): ${parts.join('; ')}.` : '';
}

export function buildMessages(type: AiType, fields: AiFields, language: string, source?: PageText, from?: Sender): ChatMessage[] {
  return [
    { role: 'system', content: systemPrompt(language) },
    { role: 'user', content: `${aiTypeInfo(type).label}.\n\n${PROMPTS[type](fields, source)}${senderLine(from)}` },
  ];
}
