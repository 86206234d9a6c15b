import { addDays, businessToday } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';

// t17 N3: POST /api/recurring-invoices with a start three weeks back silently made 3 back-dated invoices, and the
// schedule's time zone defaulted to UTC while the app sends the business's.
const { app } = await openTestApp();

async function owner(country: string, zone: string) {
  const { api, contactId } = await withContact(app, await signUp(app, { country }));
  const today = businessToday(new Date(), zone);
  const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: today, due_date: today }))).body as { id: string };
  return { api, source, today };
}

describe('a schedule whose start is in the past', () => {
  it('is refused with a sentence unless make_past confirms it; then it is made in the business’s time zone', async () => {
    const { api, source, today } = await owner('Kenya', 'Africa/Nairobi');
    const body = { invoice_id: source.id, frequency: 'weekly', start_date: addDays(today, -21), send_mode: 'send' };
    const refused = await api.post('/recurring-invoices', body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      `This schedule would make 3 invoices dated ${addDays(today, -21)} to ${addDays(today, -7)} at once, because those dates have passed (kept as drafts, not sent). Send make_past: true to make them, or choose a later start date.`,
    );
    expect(Object.keys(refused.body.error.fields)).toEqual(['start_date', 'make_past']);
    expect((await api.get('/recurring-invoices')).body.records).toEqual([]);
    expect((await api.get('/invoices')).body.records).toHaveLength(1);

    const made = await api.post('/recurring-invoices', { ...body, make_past: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ time_zone: 'Africa/Nairobi', start_date: addDays(today, -21) });
  });

  it('needs no confirming when it starts today or later; the zone given is kept', async () => {
    const { api, source, today } = await owner('Nigeria', 'Africa/Lagos');
    const todays = await api.post('/recurring-invoices', { invoice_id: source.id, frequency: 'monthly', start_date: today });
    expect(todays.status).toBe(201);
    expect(todays.body.time_zone).toBe('Africa/Lagos');
    const later = await api.post('/recurring-invoices', { invoice_id: source.id, frequency: 'monthly', start_date: addDays(today, 3), time_zone: 'UTC' });
    expect(later.body.time_zone).toBe('UTC');
    // Moved into the past by an edit: asked the same way.
    const moved = await api.patch(`/recurring-invoices/${later.body.id}`, { start_date: addDays(today, -40) });
    expect(moved.status).toBe(422);
    expect(moved.body.error.fields).toHaveProperty('make_past');
    const confirmed = await api.patch(`/recurring-invoices/${later.body.id}`, { start_date: addDays(today, -40), make_past: true });
    expect(confirmed.status).toBe(200);
  });
});
