import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import type { Module } from '../../lib/context';
import { refuseOthersIdsOnCreate } from '../../lib/taken-id';
import { recordRoutes } from '../sync';
import { contactsAdapter } from './adapter';
import { normaliseStoredPhones } from './phones';

/** /contacts REST resource and the 'contacts' sync collection. */
export const contactsRoutes: Module = (app, ctx) => {
  refuseOthersIdsOnCreate(app, ctx, '/contacts', contacts, 'client');
  recordRoutes(app, ctx, {
    collection: 'contacts',
    adapter: contactsAdapter(ctx),
    tag: 'contacts',
    filters: (q) => (q.archived ? [eq(contacts.archived, q.archived === 'true')] : []),
  });
  app.addHook('onReady', async () => {
    const n = await normaliseStoredPhones(ctx);
    if (n) app.log.info(`Phone numbers of ${n} contacts stored in international form (E.164)`);
  });
};
