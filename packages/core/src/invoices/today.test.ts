import { describe, expect, it } from 'vitest';
import { convertQuoteCommand, type CommandInvoice, duplicateCommand } from './commands';
import { invoiceStatusOn } from './status';
import { businessToday, userTimeZone } from './today';

/**
 * The device and the server both take "today" from businessToday(now, userTimeZone(user)); these instants are
 * where local time and UTC disagree on the date (00:30 in Lagos is 23:30 UTC the day before).
 */
const CASES = [
  { country: 'Nigeria', tz: 'Africa/Lagos', at: '2026-03-10T22:30:00Z', local: '2026-03-10', label: '23:30 Lagos' },
  { country: 'Nigeria', tz: 'Africa/Lagos', at: '2026-03-10T23:30:00Z', local: '2026-03-11', label: '00:30 Lagos' },
  { country: 'Kenya', tz: 'Africa/Nairobi', at: '2026-03-10T20:30:00Z', local: '2026-03-10', label: '23:30 Nairobi' },
  { country: 'Kenya', tz: 'Africa/Nairobi', at: '2026-03-10T21:30:00Z', local: '2026-03-11', label: '00:30 Nairobi' },
];

const quote = {
  id: '9f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  kind: 'quote',
  number: 'QUO-1',
  contact_id: null,
  issue_date: '2026-03-01',
  due_date: null,
  currency: 'NGN',
  lines: [],
  fees: [],
  fee_ids: [],
  discount: null,
  notes: '',
  terms: '',
  payment_instructions: '',
  public_id: 'x',
  status: 'sent',
  sent_at: null,
  voided_at: null,
  converted_invoice_id: null,
  payments: [],
} satisfies CommandInvoice;

describe('"today" is the business\'s day', () => {
  it('comes from the country, or from a valid time zone chosen in settings', () => {
    expect(userTimeZone({ country: 'Nigeria' })).toBe('Africa/Lagos');
    expect(userTimeZone({ country: 'Kenya', invoice_settings: '{}' })).toBe('Africa/Nairobi');
    expect(userTimeZone({ country: 'Kenya', invoice_settings: JSON.stringify({ time_zone: 'Africa/Lagos' }) })).toBe('Africa/Lagos');
    expect(userTimeZone({ country: 'Kenya', invoice_settings: { time_zone: 'Not/AZone' } })).toBe('Africa/Nairobi');
    expect(userTimeZone(null)).toBe('UTC');
    expect(businessToday(new Date('2026-03-10T23:30:00Z'), 'Bad/Zone')).toBe('2026-03-10');
  });

  for (const c of CASES) {
    it(`${c.label}: issue date and overdue follow the local day (device and server alike)`, () => {
      const now = new Date(c.at);
      // The device and the server each work out the zone from the same user record.
      const device = businessToday(now, userTimeZone({ country: c.country, invoice_settings: '{"currency":"NGN"}' }));
      const server = businessToday(now, userTimeZone({ country: c.country, invoice_settings: {} }));
      expect(device).toBe(c.local);
      expect(server).toBe(c.local);

      // Issue date of a converted quote and of a copy.
      expect(convertQuoteCommand(quote, { number: '', public_id: 'p', due_days: 0, time_zone: c.tz }, now).records[0].issue_date).toBe(c.local);
      expect(duplicateCommand(quote, { id: 'd', number: 'Q2', public_id: 'p', time_zone: c.tz }, now).records[0].issue_date).toBe(c.local);

      // An invoice due on 2026-03-10 becomes overdue exactly when the 11th begins in the business's zone.
      const inv = { kind: 'invoice', status: 'sent', due_date: '2026-03-10', balance: 500 };
      const expected = c.local === '2026-03-11' ? 'overdue' : 'sent';
      expect(invoiceStatusOn(inv, device)).toBe(expected);
      expect(invoiceStatusOn(inv, server)).toBe(expected);
      // UTC alone would disagree at 00:30 local time (the bug this rule removes).
      if (c.local === '2026-03-11') expect(invoiceStatusOn(inv, now.toISOString().slice(0, 10))).toBe('sent');
    });
  }
});
