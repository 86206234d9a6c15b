import 'fake-indexeddb/auto';
import { businessToday, convertedInvoiceId, InvoiceCommandError, invoiceStatusOn, userTimeZone } from '@duka/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../data/db';
import { todayForBusiness } from '../../../data/today';
import { blankInvoice, saveInvoice } from './data';
import { convertQuote, recordPayment } from './ownerApi';

const user = (settings: Record<string, unknown> = {}) =>
  localStorage.setItem(
    'user',
    JSON.stringify({
      id: 'u',
      name: 'Ngozi',
      username: 'ngozi',
      email: 'n@example.com',
      company_name: 'Ngozi Prints',
      country: 'Nigeria',
      invoice_settings: JSON.stringify({ currency: 'NGN', invoice_prefix: 'INV-', due_days: 7, ...settings }),
    }),
  );

beforeAll(() => {
  user();
  // Offline: the device converts on its own.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterAll(() => vi.restoreAllMocks());

describe('"today" on the device', () => {
  it("is the business's day, as on the server, at 00:30 and 23:30 Lagos time", () => {
    const halfPastMidnight = new Date('2026-03-10T23:30:00Z'); // 00:30 on the 11th in Lagos
    const beforeMidnight = new Date('2026-03-10T22:30:00Z'); // 23:30 on the 10th in Lagos
    expect(todayForBusiness(halfPastMidnight)).toBe('2026-03-11');
    expect(todayForBusiness(beforeMidnight)).toBe('2026-03-10');
    // The server computes it from the same user fields with the same core function.
    const server = businessToday(halfPastMidnight, userTimeZone({ country: 'Nigeria', invoice_settings: '{}' }));
    expect(todayForBusiness(halfPastMidnight)).toBe(server);
    expect(invoiceStatusOn({ kind: 'invoice', status: 'sent', due_date: '2026-03-10', balance: 1 }, todayForBusiness(halfPastMidnight))).toBe('overdue');
    // A time zone chosen in settings wins over the country's.
    user({ time_zone: 'UTC' });
    expect(todayForBusiness(halfPastMidnight)).toBe('2026-03-10');
    user();
  });
});

describe('owner actions run core commands on the device', () => {
  it('converts a quote offline once: the invoice keeps quote_id, the quote is converted, both queued in order', async () => {
    const quote = await saveInvoice({
      ...blankInvoice('quote', 'QUO-0001', []),
      contact_id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01',
      lines: [{ id: crypto.randomUUID(), catalog_id: null, description: 'Cards', quantity: 2, unit_price: 5_000, fee_ids: [] }],
    });
    const id = await convertQuote(quote);
    expect(id).toBe(convertedInvoiceId(quote.id));
    const inv = await db.invoices.get(id);
    expect(inv).toMatchObject({ kind: 'invoice', quote_id: quote.id, number: 'INV-0001', total_due: 10_000, status: 'draft' });
    expect(await db.invoices.get(quote.id)).toMatchObject({ converted_invoice_id: id, status: 'converted' });
    const queue = (await db.queue.orderBy('seq').toArray()).filter((m) => m.id === id || m.id === quote.id);
    // The invoice goes up before the quote that names it.
    expect(queue.map((m) => [m.id, m.data?.quote_id ?? m.data?.converted_invoice_id ?? null])).toEqual([
      [quote.id, null],
      [id, quote.id],
      [quote.id, id],
    ]);
    // Converting again (a second tap, a stale screen) never makes another invoice.
    expect(await convertQuote(quote)).toBe(id);
    expect((await db.invoices.toArray()).filter((r) => r.kind === 'invoice')).toHaveLength(1);
  });

  it('refuses on the device what the server refuses', async () => {
    const inv = await saveInvoice({
      ...blankInvoice('invoice', 'INV-0002', []),
      contact_id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01',
      lines: [{ id: crypto.randomUUID(), catalog_id: null, description: 'Cards', quantity: 1, unit_price: 5_000, fee_ids: [] }],
    });
    // Paid on its issue day (a blank invoice is issued today): a day before it is refused, as more than the balance is.
    const day = inv.issue_date;
    await expect(recordPayment(inv, { amount: 5_001, method: 'cash', date: day, reference: '' })).rejects.toBeInstanceOf(InvoiceCommandError);
    await expect(recordPayment(inv, { amount: 5_000, method: 'cash', date: '2000-01-01', reference: '' })).rejects.toThrow(/before the invoice's issue date/);
    // Nor after the business's today (t19: a payment dated 2031 was taken).
    await expect(recordPayment(inv, { amount: 5_000, method: 'cash', date: '2031-01-15', reference: '' })).rejects.toThrow(/is after today/);
    const paid = await recordPayment(inv, { amount: 5_000, method: 'cash', date: day, reference: '' });
    expect(paid).toMatchObject({ status: 'paid', balance: 0 });
    expect(paid.sent_at).not.toBeNull();
  });
});
