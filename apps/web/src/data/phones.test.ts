import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createDb } from './db';
import { setCurrentUser, type User } from './user';

describe('device phones (issue 14)', () => {
  it('opening the database rewrites local-form client phones in E.164, queuing nothing', async () => {
    const name = `duka-phones-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      contacts: 'id, name, permalink, updated_at',
      invoices: 'id, contact_id, number, date, due_date, status, updated_at',
      notes: 'id, contact_id, updated_at',
      expenses: 'id, date, contact_id, category, updated_at',
      catalogs: 'id, name, sku, updated_at',
      fees: 'id, name, updated_at',
      queue: '++seq, &mutation_id, collection, id, status, [collection+id]',
      meta: 'key',
      blobs: 'id, collection',
    });
    await v1.table('contacts').bulkAdd([
      { id: 'a', name: 'Tola', phone: '08059876543', country: 'Nigeria' },
      { id: 'b', name: 'Wanjiru', phone: '0722 000 111', country: '' },
      { id: 'c', name: 'Odd', phone: 'shop line', country: 'Nigeria' },
      { id: 'd', name: 'Done', phone: '+254722000112', country: 'Kenya' },
      { id: 'e', name: 'None', phone: '', country: '' },
    ]);
    v1.close();
    setCurrentUser({ country: 'Kenya' } as unknown as User);
    const d = createDb(name);
    await d.open();
    const phones = Object.fromEntries((await d.contacts.toArray()).map((c) => [c.id, c.phone]));
    expect(phones).toEqual({ a: '+2348059876543', b: '+254722000111', c: 'shop line', d: '+254722000112', e: '' });
    expect(await d.queue.count()).toBe(0);
    d.close();
    setCurrentUser(null);
  });
});
