import { safeString, textCheck } from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { errors } from '../accounts';
import { isAdmin } from '../../lib/admin';
import { create, listAll, listForUser, markRead, remove, requireAdmin, update } from './service';

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Use a web address that starts with https://')
  .superRefine(textCheck());

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
});

export const announcementInput = z.object({
  title: safeString({ max: 200 }).pipe(z.string().min(1, 'Give the announcement a title')),
  body: safeString({ max: 20_000, multiline: true }).pipe(z.string().min(1, 'Write the announcement')),
  link: httpUrl.nullable().default(null),
  image_url: httpUrl.nullable().default(null),
  countries: z.array(safeString({ max: 100 }).pipe(z.string().min(1))).max(300).default([]),
  published_at: z.iso.datetime({ offset: true, message: 'Use a date and time like 2026-11-23T09:00:00Z' }).nullable().default(null),
});

const listResponse = z.object({
  announcements: z.array(announcementSchema.extend({ read: z.boolean() })),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
  /** The signed-in user is an admin (ADMIN_EMAILS): the app shows the admin screen. */
  can_manage: z.boolean(),
});

const idParams = z.object({ id: z.uuid('Must be a UUID') });

/** GET /api/announcements (paged, newest first, read flag), POST …/{id}/read, and the admin routes. */
export const announcementsRoutes: Module = (app, ctx) => {
  const auth = { preHandler: ctx.auth };
  const base = { tags: ['announcements'], security: [{ bearer: [] }] };

  app.get(
    '/announcements',
    {
      ...auth,
      schema: {
        ...base,
        summary: 'Announcements for the signed-in user, newest first, with a read flag and the unread count',
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), per_page: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: listResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const [list, admin] = await Promise.all([listForUser(ctx.db, request.userId, page, per_page), isAdmin(ctx.db, ctx.config, request.userId)]);
      return { ...list, can_manage: admin };
    },
  );

  app.post(
    '/announcements/:id/read',
    { ...auth, schema: { ...base, summary: 'Mark an announcement read', params: idParams, response: { 200: z.object({ read: z.literal(true) }), ...errors(401, 404) } } },
    async (request) => {
      await markRead(ctx.db, request.userId, request.params.id);
      return { read: true as const };
    },
  );

  app.get(
    '/admin/announcements',
    { ...auth, schema: { ...base, summary: 'Admins: every announcement (drafts and scheduled too)', response: { 200: z.object({ announcements: z.array(announcementSchema) }), ...errors(401, 403) } } },
    async (request) => {
      await requireAdmin(ctx.db, ctx.config, request.userId);
      return { announcements: await listAll(ctx.db) };
    },
  );

  app.post(
    '/admin/announcements',
    { ...auth, schema: { ...base, summary: 'Admins: create (published_at: null draft, past publish, future schedule)', body: announcementInput, response: { 201: announcementSchema, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      await requireAdmin(ctx.db, ctx.config, request.userId);
      reply.code(201);
      return create(ctx.db, request.userId, request.body);
    },
  );

  app.patch(
    '/admin/announcements/:id',
    { ...auth, schema: { ...base, summary: 'Admins: edit, publish or schedule', params: idParams, body: announcementInput, response: { 200: announcementSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await requireAdmin(ctx.db, ctx.config, request.userId);
      return update(ctx.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/admin/announcements/:id',
    { ...auth, schema: { ...base, summary: 'Admins: delete', params: idParams, response: { 204: z.null(), ...errors(401, 403, 404) } } },
    async (request, reply) => {
      await requireAdmin(ctx.db, ctx.config, request.userId);
      await remove(ctx.db, request.params.id);
      reply.code(204);
      return null;
    },
  );
};
