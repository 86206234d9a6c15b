import { TEXT_MESSAGES } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from './test/harness';

/** t20 A6: a right-to-left override in a name would make it read as something else on invoices, e-mails and PDFs. */
const { app } = await openTestApp();
const EVIL = '\u202Eevil\u202C 👨‍👩‍👧 Ñandú ሰላም';

describe('direction overrides in names shown to customers are refused (core text rule)', () => {
  it('REST: a client, an item and the business name with U+202E answer 400 with the sentence; clean names are kept', async () => {
    const u = await signUp(app);
    const contact = await app.inject({ method: 'POST', url: '/api/contacts', headers: u.auth, payload: { name: EVIL } });
    expect(contact.statusCode).toBe(400);
    expect(JSON.stringify(contact.json())).toContain(TEXT_MESSAGES.bidi);
    const item = await app.inject({ method: 'POST', url: '/api/catalogs', headers: u.auth, payload: { name: 'Solar \u2067panel', unit_price: 100 } });
    expect(item.statusCode).toBe(400);
    expect(JSON.stringify(item.json())).toContain(TEXT_MESSAGES.bidi);
    const company = await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { user: { company_name: EVIL } } });
    expect(company.statusCode).toBe(400);
    expect(JSON.stringify(company.json())).toContain(TEXT_MESSAGES.bidi);
    const fine = await app.inject({ method: 'POST', url: '/api/contacts', headers: u.auth, payload: { name: '👨‍👩‍👧 Ñandú ሰላም \u05E9\u05DC\u05D5\u05DD\u200F' } });
    expect(fine.statusCode).toBe(201);
  });

  it('sync push: the change is refused with the sentence, the others of the batch apply', async () => {
    const u = await signUp(app);
    const change = (name: string) => ({ mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: { name } });
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: u.auth, payload: { mutations: [change(EVIL), change('Amina')] } });
    expect(res.statusCode).toBe(200);
    const answers = res.json().results as Array<{ status: string; error?: { message: string } }>;
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'applied']);
    expect(JSON.stringify(answers[0]!.error)).toContain(TEXT_MESSAGES.bidi);
  });
});
