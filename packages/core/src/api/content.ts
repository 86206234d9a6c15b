import { z } from 'zod';
import { AI_TYPE_NAMES } from '../ai/types';
import { safeString, textCheck } from '../records/text';

// ---- AI writer (/ai-writter/…, SPEC §7) ----
export const aiItemSchema = z.object({
  id: z.string(),
  type: z.enum(AI_TYPE_NAMES),
  title: z.string(),
  page_title: z.string(),
  content: z.string(),
  favorite: z.boolean(),
  cost: z.number().int(),
  language: z.string(),
  created_at: z.string(),
});
export const aiListSchema = z.object({ data: z.array(aiItemSchema), next_cursor: z.string().nullable() });
export const aiListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
/** Who wrote a result: the built-in writer or a model. */
export const AI_SOURCES = ['builtin', 'model'] as const;
export type AiSource = (typeof AI_SOURCES)[number];

export const aiGenerateResponseSchema = z.object({
  data: z.object({
    content: z.string(),
    id: z.string(),
    page_title: z.string(),
    title: z.string(),
    type: z.enum(AI_TYPE_NAMES),
    cost: z.number().int(),
    credit: z.number().int(),
    /** Who wrote it (issue 29): Duka's built-in writer, or the AI service connected with AI_BASE_URL. */
    source: z.enum(AI_SOURCES),
  }),
});
export const aiCreditResponse = z.object({ credit: z.number().int() });
export const aiFavoriteBody = z.object({ ai_writter: z.object({ favorite: z.boolean() }) });

// ---- Announcements ----
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Use a web address that starts with https://')
  .superRefine(textCheck());

/** An announcement's text in another language (issue 23): fr, sw; English (title, body) is the fallback. */
export const ANNOUNCEMENT_LANGUAGES = ['fr', 'sw'] as const;
const translatedText = z.object({ title: z.string(), body: z.string() });
export const announcementTranslationsSchema = z.object({ fr: translatedText.optional(), sw: translatedText.optional() });

export const announcementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  image_url: z.string().nullable(),
  countries: z.array(z.string()),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The text per language besides English; a user reads theirs, else English. */
  translations: announcementTranslationsSchema.default({}),
});

const translationInput = z
  .object({
    title: safeString({ max: 200 }).pipe(z.string()),
    body: safeString({ max: 20_000, multiline: true }).pipe(z.string()),
  })
  .refine((v) => (v.title.trim() === '') === (v.body.trim() === ''), 'Give this language both a title and a text, or leave both empty');

export const announcementInput = z.object({
  title: safeString({ max: 200 }).pipe(z.string().min(1, 'Give the announcement a title')),
  body: safeString({ max: 20_000, multiline: true }).pipe(z.string().min(1, 'Write the announcement')),
  link: httpUrl.nullable().default(null),
  image_url: httpUrl.nullable().default(null),
  countries: z
    .array(safeString({ max: 100 }).pipe(z.string().min(1)))
    .max(300)
    .default([]),
  published_at: z.iso.datetime({ offset: true, message: 'Use a date and time like 2026-11-23T09:00:00Z' }).nullable().default(null),
  /** One text per language (fr, sw); a language left out (or left empty) shows the English text. */
  translations: z.object({ fr: translationInput.optional(), sw: translationInput.optional() }).default({}),
});

export const userAnnouncementSchema = announcementSchema.extend({ read: z.boolean() });
export const announcementListResponse = z.object({
  announcements: z.array(userAnnouncementSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
  /** The signed-in user is an admin (ADMIN_EMAILS): the app shows the admin screen. */
  can_manage: z.boolean(),
});
export const announcementListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});

export type Announcement = z.infer<typeof announcementSchema>;
export type UserAnnouncement = z.infer<typeof userAnnouncementSchema>;
export type AnnouncementPage = z.infer<typeof announcementListResponse>;
export type AnnouncementInput = z.output<typeof announcementInput>;

/** An item of GET /ai-writter/history and /favorites, and the answer of PATCH /ai-writter/{id}. */
export type AiItem = z.infer<typeof aiItemSchema>;

/** GET /ai-writter/history and /favorites: newest first; pass next_cursor back as ?cursor= for the next page. */
export type AiListResponse = z.infer<typeof aiListSchema>;

/** POST /ai-writter/generate. SPEC §7 gives content, id and page_title; title, type, cost and the remaining credit are added. */
export type AiGenerateResponse = z.infer<typeof aiGenerateResponseSchema>;
