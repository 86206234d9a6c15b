import { NOTE_DEFAULTS, noteFields, notePatch } from '@duka/core';
import { eq } from 'drizzle-orm';
import { notes } from '../../db/schema';
import type { AppContext, Module } from '../../lib/context';
import { refuseOthersIdsOnCreate } from '../../lib/taken-id';
import { assertContact, preloadItemContacts } from '../contacts';
import { fieldMapper } from '../sync';
import type { SyncAdapter } from '../sync';
import { recordRoutes } from '../sync';

export function notesAdapter(_ctx: AppContext): SyncAdapter {
  return {
    table: notes,
    fields: noteFields,
    patch: notePatch,
    defaults: NOTE_DEFAULTS,
    order: 10,
    label: 'Note',
    ...fieldMapper(Object.keys(noteFields.shape)),
    search: [notes.body],
    sort: { column: notes.version, direction: 'desc', toCursor: (row) => Number(row.version) },
    preload: preloadItemContacts,
    async prepare(tx, userId, data, { batch }) {
      await assertContact(tx, userId, data.contact_id, batch);
      return data;
    },
  };
}

/** /notes REST resource (newest change first; filter by contact_id) and the 'notes' sync collection. */
export const notesRoutes: Module = (app, ctx) => {
  refuseOthersIdsOnCreate(app, ctx, '/notes', notes, 'note');
  recordRoutes(app, ctx, {
    collection: 'notes',
    adapter: notesAdapter(ctx),
    tag: 'notes',
    filters: (q) => (q.contact_id ? [eq(notes.contactId, q.contact_id)] : []),
  });
};
