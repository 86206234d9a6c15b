import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactFields, expenseFields, noteFields } from '../records/schemas';
import { dateProblem, findBadText, isoDateString, textProblem } from '../records/text';
import { assertWithinLimits, computeInvoiceTotals, InvoiceLimitError, lineAmountBig, MAX_INVOICE_AMOUNT } from '../amounts/math';
import { invoiceCreateSchema, invoiceLineSchema, invoiceSyncDataSchema } from './schemas';

const id = '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const contact = '7f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const line = (quantity: number, unit_price: number, n = 0) => ({ id: `l${n}`, quantity, unit_price, fee_ids: [] as string[] });

/** The exact product, computed independently with BigInt on the decimal text of the quantity. */
function exactLine(quantity: number, unitPrice: number): bigint {
  const [whole, frac = ''] = quantity.toFixed(3).split('.');
  const milli = BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0'));
  const p = milli * BigInt(unitPrice);
  const q = p / 1000n;
  return (p % 1000n) * 2n >= 1000n ? q + 1n : q;
}

describe('BigInt invoice maths', () => {
  it('computes a line exactly where floating point would not', () => {
    // 999,999,999.999 × 9,999,999,999,999 is about 10^22: far past 2^53.
    expect(lineAmountBig(999_999_999.999, 9_999_999_999_999)).toBe(9_999_999_999_989_000_000_000n);
    expect(lineAmountBig(0.001, 1)).toBe(0n);
    expect(lineAmountBig(0.5, 1)).toBe(1n);
  });

  it('lines match an independent exact computation for any quantity and price in the schema', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: MAX_INVOICE_AMOUNT }), (milli, price) => {
        const q = milli / 1000;
        expect(lineAmountBig(q, price)).toBe(exactLine(q, price));
      }),
    );
  });

  it('refuses exactly the invoices with some amount over the limit', () => {
    const lineArb = fc.record({ milli: fc.integer({ min: 1, max: 1_000_000_000_000 }), price: fc.integer({ min: 0, max: MAX_INVOICE_AMOUNT }) });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: MAX_INVOICE_AMOUNT }), { maxLength: 3 }),
        (ls, pays) => {
          const lines = ls.map((l, i) => line(l.milli / 1000, l.price, i));
          const payments = pays.map((amount) => ({ amount }));
          const exact = ls.map((l) => exactLine(l.milli / 1000, l.price));
          const subtotal = exact.reduce((s, x) => s + x, 0n);
          const paid = pays.reduce((s, x) => s + BigInt(x), 0n);
          const over = exact.some((x) => x > BigInt(MAX_INVOICE_AMOUNT)) || subtotal > BigInt(MAX_INVOICE_AMOUNT) || paid > BigInt(MAX_INVOICE_AMOUNT);
          let thrown: unknown = null;
          try {
            assertWithinLimits({ lines, payments });
          } catch (e) {
            thrown = e;
          }
          expect(thrown instanceof InvoiceLimitError).toBe(over);
          if (!over) {
            // Within the limit every amount is a safe integer equal to the exact one.
            const t = computeInvoiceTotals({ lines, payments });
            expect(BigInt(t.subtotal)).toBe(subtotal);
            expect(Number.isSafeInteger(t.total_due)).toBe(true);
          }
        },
      ),
    );
  });

  it('names what is over the limit: the line, the subtotal, the fees, the payments', () => {
    const field = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return (e as InvoiceLimitError).field;
      }
      return null;
    };
    expect(field(() => assertWithinLimits({ lines: [line(200_000, 150_000_000)] }))).toBe('lines.0');
    expect(field(() => assertWithinLimits({ lines: [line(1, 6e12), line(1, 6e12, 1)] }))).toBe('subtotal');
    const fee = { id: 'f', name: 'Levy', kind: 'fee' as const, calculation: 'percentage' as const, percentage_bps: 10_000, amount: 0, inclusive: false };
    expect(field(() => assertWithinLimits({ lines: [line(1, 6e12)], fees: [fee], fee_ids: ['f'] }))).toBe('total_due');
    expect(field(() => assertWithinLimits({ lines: [line(1, 100)], payments: [{ amount: 6e12 }, { amount: 6e12 }] }))).toBe('payments');
    expect(field(() => assertWithinLimits({ lines: [line(1, MAX_INVOICE_AMOUNT)] }))).toBeNull();
  });

  it('the line schema refuses quantity × price over the limit, so the device refuses it too', () => {
    expect(invoiceLineSchema.safeParse({ id, description: 'x', quantity: 200_000, unit_price: 150_000_000 }).success).toBe(false);
    expect(invoiceLineSchema.safeParse({ id, description: 'x', quantity: 1e9, unit_price: 1e13 }).success).toBe(false);
    expect(invoiceLineSchema.safeParse({ id, description: 'x', quantity: 1, unit_price: MAX_INVOICE_AMOUNT }).success).toBe(true);
  });
});

describe('dates that round-trip', () => {
  it('refuses Feb 30, year 0000 and other days that do not exist; accepts every real day', () => {
    for (const bad of ['2026-02-30', '2026-02-29', '2025-13-01', '2026-04-31', '0000-01-01', '0001-01-01', '2026-1-1', '2026-01-01T00:00:00Z', '']) {
      expect(isoDateString.safeParse(bad).success, bad).toBe(false);
    }
    expect(isoDateString.safeParse('2028-02-29').success).toBe(true);
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        expect(dateProblem(day)).toBeNull();
      }),
    );
  });

  it('invoice dates use the same rule', () => {
    expect(invoiceCreateSchema.safeParse({ contact_id: contact, issue_date: '2026-02-30' }).success).toBe(false);
    expect(
      invoiceSyncDataSchema.safeParse({
        contact_id: contact,
        issue_date: '2026-03-02',
        currency: 'NGN',
        payments: [{ id, amount: 1, method: 'cash', date: '0000-01-01' }],
      }).success,
    ).toBe(false);
  });
});

describe('text that can be stored', () => {
  const surrogates = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
  const controls = fc
    .oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0x0b, max: 0x0c }), fc.integer({ min: 0x0e, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .map((c) => String.fromCharCode(c));

  it('refuses any lone surrogate or control character anywhere in a text, and accepts well-formed text', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(surrogates, controls), fc.string(), (a, bad, b) => {
        // A high surrogate right before a low one is a pair (a real emoji): only lone ones are refused.
        const text = `${a.replace(/[\ud800-\udfff]/g, '')}${bad}${b.replace(/[\ud800-\udfff]/g, '')}`;
        expect(textProblem(text, true)).not.toBeNull();
        expect(contactFields.shape.name.safeParse(`x${text}y`).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const clean = [...s].filter((c) => c.charCodeAt(0) > 0x1f && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('');
        expect(textProblem(clean)).toBeNull();
      }),
    );
    expect(textProblem('Ada 👩🏾‍💼 Stores')).toBeNull();
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(contactFields.shape.address.safeParse('12 Marina\nLagos').success).toBe(true);
    expect(contactFields.shape.city.safeParse('Lagos\nIkeja').success).toBe(false);
    expect(noteFields.shape.body.safeParse('line\tone\r\nline two').success).toBe(true);
    expect(noteFields.shape.body.safeParse('nul \u0000').success).toBe(false);
    expect(expenseFields.shape.vendor.safeParse('a\tb').success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ contact_id: contact, notes: 'Thanks!\nPay by Friday' }).success).toBe(true);
    expect(invoiceCreateSchema.safeParse({ contact_id: contact, notes: 'x\u0000' }).success).toBe(false);
  });

  it('finds bad text deep in any JSON value, keys included', () => {
    expect(findBadText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ path: 'a.1.c', message: expect.any(String) });
    expect(findBadText({ ['k\ud800']: 1 })?.path).toBe('k\ud800');
    expect(findBadText({ a: 'fine\nlines', n: 1, z: null })).toBeNull();
  });
});
