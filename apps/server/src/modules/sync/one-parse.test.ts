import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from './test-utils';

/**
 * Contacts are checked by one parse of the merged data (patchIsPartialFields, issue 27): the stored data and every
 * refusal's reason are the ones the two parses (patch, then the merge) gave.
 */
const { app } = await openTestApp();

describe('a contact upsert checked in one parse', () => {
  it('stores trimmed fields, keeps what an edit leaves out, and drops keys no contact has', async () => {
    const api = client(app, await signUp(app));
    const id = randomUUID();
    const res = await api.push([upsert('contacts', id, { name: '  Ann Njeri  ', email: ' ann@example.com ', colour: 'red' })]);
    expect(res.body.results[0].status).toBe('applied');
    const stored = (await api.get(`/contacts/${id}`)).body;
    expect(stored).toMatchObject({ name: 'Ann Njeri', email: 'ann@example.com', phone: '', archived: false, language: null });
    expect(stored).not.toHaveProperty('colour');
    const edit = await api.push([upsert('contacts', id, { city: ' Nairobi ' }, { base_version: stored.version })]);
    expect(edit.body.results[0].status).toBe('applied');
    expect((await api.get(`/contacts/${id}`)).body).toMatchObject({ name: 'Ann Njeri', email: 'ann@example.com', city: 'Nairobi' });
  });

  it('refuses with the same reason as the pushed data alone gives, before the missing name', async () => {
    const api = client(app, await signUp(app));
    const res = await api.push([
      upsert('contacts', randomUUID(), { email: 'not an address' }),
      upsert('contacts', randomUUID(), { phone: '0712' }),
      upsert('contacts', randomUUID(), { name: 'Ann', archived: 'yes' }),
    ]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(res.body.results[0].error).toMatchObject({ code: 'validation_failed', message: 'email: Not a valid e-mail address' });
    expect(res.body.results[0].error.fields).toEqual({ email: 'Not a valid e-mail address' });
    expect(res.body.results[1].error).toMatchObject({ code: 'validation_failed', fields: { name: expect.any(String) } });
    expect(Object.keys(res.body.results[2].error.fields)).toEqual(['archived']);
  });
});
