import { announcementInput, announcementListQuery, announcementListResponse as listResponse, announcementSchema } from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { errors } from '../accounts';
import { isAdmin, requireAdmin as requireRole } from '../../lib/admin';
import { create, listAll, listForUser, markRead, remove, update } from './service';

export { announcementInput, announcementSchema };

const idParams = z.object({ id: z.uuid('Must be a UUID') });

/** GET /api/announcements (paged, newest first, read flag), POST …/{id}/read, and the admin routes. */
export const announcementsRoutes: Module = (app, ctx) => {
  const auth = { preHandler: ctx.auth };
  const base = { tags: ['announcements'], security: [{ bearer: [] }] };
  // Admins are granted by the operator (npm run admin -- grant <username>); what they change is audited.
  if (ctx.config.adminEmailsIgnored)
    app.log.warn('ADMIN_EMAILS is ignored: an e-mail address no longer makes an admin. Grant the role with `npm run admin -- grant <username>`.');
  const requireAdmin = (userId: string) => requireRole(ctx.db, userId, 'Only Duka administrators can manage announcements');

  app.get(
    '/announcements',
    {
      ...auth,
      schema: {
        ...base,
        summary: 'Announcements for the signed-in user, newest first, with a read flag and the unread count',
        querystring: announcementListQuery,
        response: { 200: listResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const [list, admin] = await Promise.all([listForUser(ctx.db, request.userId, page, per_page), isAdmin(ctx.db, request.userId)]);
      return { ...list, can_manage: admin };
    },
  );

  app.post(
    '/announcements/:id/read',
    {
      ...auth,
      schema: { ...base, summary: 'Mark an announcement read', params: idParams, response: { 200: z.object({ read: z.literal(true) }), ...errors(401, 404) } },
    },
    async (request) => {
      await markRead(ctx.db, request.userId, request.params.id);
      return { read: true as const };
    },
  );

  app.get(
    '/admin/announcements',
    {
      ...auth,
      schema: {
        ...base,
        summary: 'Admins: every announcement (drafts and scheduled too)',
        response: { 200: z.object({ announcements: z.array(announcementSchema) }), ...errors(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request.userId);
      return { announcements: await listAll(ctx.db) };
    },
  );

  app.post(
    '/admin/announcements',
    {
      ...auth,
      schema: {
        ...base,
        summary: 'Admins: create (published_at: null draft, past publish, future schedule)',
        body: announcementInput,
        response: { 201: announcementSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request.userId);
      const created = await create(ctx.db, request.userId, request.body);
      await admin.log('announcement.create', created.id, { title: created.title, published_at: created.published_at, countries: created.countries });
      reply.code(201);
      return created;
    },
  );

  app.patch(
    '/admin/announcements/:id',
    {
      ...auth,
      schema: {
        ...base,
        summary: 'Admins: edit, publish or schedule',
        params: idParams,
        body: announcementInput,
        response: { 200: announcementSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request.userId);
      const updated = await update(ctx.db, request.params.id, request.body);
      await admin.log('announcement.update', updated.id, { title: updated.title, published_at: updated.published_at, countries: updated.countries });
      return updated;
    },
  );

  app.delete(
    '/admin/announcements/:id',
    { ...auth, schema: { ...base, summary: 'Admins: delete', params: idParams, response: { 204: z.null(), ...errors(401, 403, 404) } } },
    async (request, reply) => {
      const admin = await requireAdmin(request.userId);
      await remove(ctx.db, request.params.id);
      await admin.log('announcement.delete', request.params.id);
      reply.code(204);
      return null;
    },
  );
};
