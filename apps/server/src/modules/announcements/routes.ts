import { announcementInput, announcementSchema } from '@duka/core';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { isAdmin, requireAdmin as requireRole } from '../../lib/admin';
import { create, listAll, listForUser, markRead, remove, update } from './service';

export { announcementInput, announcementSchema };

/** GET /api/announcements (paged, newest first, read flag), POST …/{id}/read, and the admin routes. */
export const announcementsRoutes: Module = (app, ctx) => {
  const route = routesOf(app, ctx, 'announcements');
  // Admins are granted by the operator (npm run admin -- grant <username>); what they change is audited.
  if (ctx.config.adminEmailsIgnored)
    app.log.warn('ADMIN_EMAILS is ignored: an e-mail address no longer makes an admin. Grant the role with `npm run admin -- grant <username>`.');
  const requireAdmin = (userId: string) => requireRole(ctx.db, userId, 'Only Duka administrators can manage announcements');

  route(
    'GET /announcements',
    async (request) => {
      const { page, per_page } = request.query;
      const [list, admin] = await Promise.all([listForUser(ctx.db, request.userId, page, per_page), isAdmin(ctx.db, request.userId)]);
      return { ...list, can_manage: admin };
    },
    { summary: 'Announcements for the signed-in user, newest first, with a read flag and the unread count', errors: [400, 401] },
  );

  route(
    'POST /announcements/:id/read',
    async (request) => {
      await markRead(ctx.db, request.userId, request.params.id);
      return { read: true as const };
    },
    { summary: 'Mark an announcement read', errors: [401, 404] },
  );

  route(
    'GET /admin/announcements',
    async (request) => {
      await requireAdmin(request.userId);
      return { announcements: await listAll(ctx.db) };
    },
    { summary: 'Admins: every announcement (drafts and scheduled too)', errors: [401, 403] },
  );

  route(
    'POST /admin/announcements',
    async (request, reply) => {
      const admin = await requireAdmin(request.userId);
      const created = await create(ctx.db, request.userId, request.body);
      await admin.log('announcement.create', created.id, { title: created.title, published_at: created.published_at, countries: created.countries });
      reply.code(201);
      return created;
    },
    { summary: 'Admins: create (published_at: null draft, past publish, future schedule)', errors: [400, 401, 403], status: [201] },
  );

  route(
    'PATCH /admin/announcements/:id',
    async (request) => {
      const admin = await requireAdmin(request.userId);
      const updated = await update(ctx.db, request.params.id, request.body);
      await admin.log('announcement.update', updated.id, { title: updated.title, published_at: updated.published_at, countries: updated.countries });
      return updated;
    },
    { summary: 'Admins: edit, publish or schedule', errors: [400, 401, 403, 404] },
  );

  route(
    'DELETE /admin/announcements/:id',
    async (request, reply) => {
      const admin = await requireAdmin(request.userId);
      await remove(ctx.db, request.params.id);
      await admin.log('announcement.delete', request.params.id);
      reply.code(204);
      return null;
    },
    { summary: 'Admins: delete', errors: [401, 403, 404], status: [204] },
  );
};
