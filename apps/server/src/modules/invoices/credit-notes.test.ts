import { randomUUID } from 'node:crypto';
import { clientStatement, creditNoteCommand, reportFromRecords } from '@duka/core';
import { pdfText } from '@duka/pdf/testing';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { remove, upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

const { app } = await openTestApp();

/** An owner with a sent invoice: Rice 2 × 1,500.00 and Delivery 1 × 500.00, VAT 7.5% (3,762.50). */
async function sentInvoice(extra: Record<string, unknown> = {}) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const res = await api.post('/invoices', { ...invoiceBody(contactId), status: 'sent', ...extra });
  expect(res.status).toBe(201);
  return { user, api, contactId, invoice: res.body };
}

describe('credit notes (issue 26)', () => {
  it('PDF made by the server names the credited invoice and asks for no payment (D7)', async () => {
    const { user, api, invoice } = await sentInvoice();
    const cn = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Wet' })).body;
    const own = await app.inject({ method: 'GET', url: `/api/invoices/${cn.id}/pdf`, headers: user.auth });
    expect(own.statusCode).toBe(200);
    const text = await pdfText(own.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).not.toContain('VIEW AND PAY ONLINE');
    expect(text).toContain('VIEW ONLINE');
    const pub = await app.inject({ method: 'GET', url: `/api/invoices/public/${cn.public_id}/pdf` });
    expect(pub.rawPayload.equals(own.rawPayload)).toBe(true);
    // The invoice itself still asks to be paid.
    const inv = await app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: user.auth });
    expect(await pdfText(inv.rawPayload)).toContain('VIEW AND PAY ONLINE');
  });

  it('REST: credits one bag of rice with its VAT; the invoice owes less and the series is its own', async () => {
    const { api, invoice } = await sentInvoice();
    const rice = invoice.lines[0].id;
    const res = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: rice, quantity: 1 }], reason: 'One bag was wet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 1,500.00 + 7.5% = 1,612.50
    expect(res.body).toMatchObject({
      kind: 'credit_note',
      number: 'CN-0001',
      credited_invoice_id: invoice.id,
      credit_reason: 'One bag was wet',
      subtotal: 150_000,
      tax_total: 11_250,
      total_due: 161_250,
      balance: 0,
      status: 'sent',
    });
    const after = (await api.get(`/invoices/${invoice.id}`)).body;
    expect(after).toMatchObject({ credited_total: 161_250, balance: BODY_TOTAL - 161_250, status: 'sent', total_due: BODY_TOTAL });

    // A payment of more than what is now owed is refused; exactly the rest settles it.
    expect((await api.post(`/invoices/${invoice.id}/payments`, { amount: BODY_TOTAL - 161_250 + 1, method: 'cash', date: '2026-11-23' })).status).toBe(422);
    expect((await api.post(`/invoices/${invoice.id}/payments`, { amount: BODY_TOTAL - 161_250, method: 'cash', date: '2026-11-23' })).body).toMatchObject({
      balance: 0,
      status: 'paid',
    });

    // The second credit note takes the rest; a third finds nothing left.
    const second = await api.post(`/invoices/${invoice.id}/credit-notes`, {
      lines: [
        { line_id: rice, quantity: 1 },
        { line_id: invoice.lines[1].id, quantity: 1 },
      ],
      reason: 'Order cancelled',
    });
    expect(second.status).toBe(201);
    expect(second.body.number).toBe('CN-0002');
    expect(second.body.total_due + 161_250).toBe(BODY_TOTAL);
    const third = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: rice, quantity: 1 }], reason: 'Again' });
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe('This invoice is fully credited already');
    // The invoice numbers go on in their own series.
    const next = await api.post('/invoices', { ...invoiceBody(after.contact_id), status: 'sent' });
    expect(next.body.number).toBe('INV-0002');
  });

  it('REST: refuses more than remains, a line not on the invoice, no reason, a draft, and edits of a credited invoice', async () => {
    const { api, contactId, invoice } = await sentInvoice();
    const rice = invoice.lines[0].id;
    const tooMuch = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: rice, quantity: 3 }], reason: 'x' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fields['lines.0.quantity']).toBe('More than remains to credit on this line');
    const unknown = await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: randomUUID(), quantity: 1 }], reason: 'x' });
    expect(unknown.status).toBe(422);
    expect((await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: rice, quantity: 1 }], reason: '' })).status).toBe(400);
    expect((await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [], reason: 'x' })).status).toBe(400);
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    const refused = await api.post(`/invoices/${draft.id}/credit-notes`, { lines: [{ line_id: draft.lines[0].id, quantity: 1 }], reason: 'x' });
    expect(refused.status).toBe(409);

    const cn = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: rice, quantity: 1 }], reason: 'Wet' })).body;
    const edit = await api.patch(`/invoices/${invoice.id}`, { lines: invoice.lines.map((l: { quantity: number }) => ({ ...l, quantity: 5 })) });
    expect(edit.status).toBe(409);
    // The credit note itself never changes and is never deleted.
    const cnEdit = await api.patch(`/invoices/${cn.id}`, { lines: cn.lines.map((l: { quantity: number }) => ({ ...l, quantity: 0.5 })) });
    expect(cnEdit.status).toBe(409);
    expect(cnEdit.body.error.message).toBe('A credit note cannot be changed once issued');
    expect((await api.del(`/invoices/${cn.id}`)).status).toBe(409);
  });

  it('sync: a device makes the credit note offline with core and pushes it, then the invoice; the server agrees', async () => {
    const { api, invoice } = await sentInvoice();
    const cnId = randomUUID();
    const { record, credited_total } = creditNoteCommand(
      invoice,
      [],
      {
        id: cnId,
        number: 'CN-0001',
        public_id: 'Zq3v9XkLmN0pQrStUvWxYz',
        reason: 'Delivery not made',
        picks: [{ line_id: invoice.lines[1].id, quantity: 1 }],
        time_zone: 'Africa/Lagos',
      },
      new Date('2026-11-24T10:00:00Z'),
    );
    // 500.00 + 7.5% = 537.50, claimed by the device.
    const res = await api.push([
      upsert('invoices', cnId, { ...record, subtotal: 50_000, tax_total: 3_750, total_due: 53_750 }),
      upsert('invoices', invoice.id, { credited_total }),
    ]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(credited_total).toBe(53_750);
    const pulled = (await api.pull('invoices')).body.records as Array<Record<string, unknown>>;
    expect(pulled.find((r) => r.id === invoice.id)).toMatchObject({ credited_total: 53_750, balance: BODY_TOTAL - 53_750 });
    expect(pulled.find((r) => r.id === cnId)).toMatchObject({ kind: 'credit_note', number: 'CN-0001', total_due: 53_750, credited_invoice_id: invoice.id });

    // Re-sending the same credit note is harmless; changing it, paying it or deleting it is refused.
    expect((await api.push([upsert('invoices', cnId, { ...record })])).body.results[0].status).toBe('applied');
    const changed = await api.push([upsert('invoices', cnId, { lines: record.lines.map((l) => ({ ...l, quantity: 0.5 })) })]);
    expect(changed.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict' } });
    expect((await api.push([remove('invoices', cnId)])).body.results[0].status).toBe('rejected');

    // Lines the device did not take from the invoice are rebuilt from the invoice: a lower price does not stick.
    const forged = randomUUID();
    const cheat = await api.push([
      upsert('invoices', forged, {
        ...record,
        number: 'CN-0002',
        public_id: 'Aq3v9XkLmN0pQrStUvWxYz',
        lines: [{ ...record.lines[0], unit_price: 1, quantity: 1 }],
      }),
    ]);
    expect(cheat.body.results[0].status).toBe('rejected'); // the delivery line was fully credited already
  });

  it('the receipt says what is left after credit notes too, as the invoice does (D4)', async () => {
    const { user, api, invoice } = await sentInvoice();
    const cn = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Wet' })).body;
    const payment = randomUUID();
    // Paid on the day of the credit note: it counts on the receipt (one of a day before would not, see below).
    const paid = await api.post(`/invoices/${invoice.id}/payments`, { id: payment, amount: 100_000, method: 'cash', date: cn.issue_date });
    expect(paid.body.balance).toBe(BODY_TOTAL - cn.total_due - 100_000);
    const [receipt] = (await api.get(`/invoices/${invoice.id}/receipts`)).body.receipts;
    expect(receipt).toMatchObject({ invoice_total: BODY_TOTAL, credited: cn.total_due, paid_to_date: 100_000, balance_left: paid.body.balance });
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/receipts/${payment}/pdf`, headers: user.auth });
    const strings = (await pdfText(pdf.rawPayload)).split('\n');
    expect(strings[strings.indexOf('Balance left') + 1]).toMatch(/1,150\.00/); // 3,762.50 − 1,612.50 − 1,000.00
    // The sum is on the receipt: total, credited, paid to date, balance left (issue 26).
    expect(strings[strings.indexOf('Invoice total') + 1]).toMatch(/3,762\.50/);
    expect(strings[strings.indexOf('Credited') + 1]).toMatch(/^-.*1,612\.50/);
    expect(strings[strings.indexOf('Paid to date') + 1]).toMatch(/1,000\.00/);
    // The public receipt link is the same PDF.
    const publicPdf = await app.inject({ method: 'GET', url: `/api/invoices/public/${invoice.public_id}/receipts/${payment}/pdf` });
    expect((await pdfText(publicPdf.rawPayload)).split('\n')).toContain('Credited');
    // The public invoice page says what was credited, and its figures add up.
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${invoice.public_id}` })).json();
    expect(pub).toMatchObject({ total_due: BODY_TOTAL, credited_total: cn.total_due, amount_paid: 100_000 });
    expect(pub.total_due - pub.credited_total - pub.amount_paid).toBe(pub.balance);
  });

  it('a receipt shows the balance as at its payment: a later credit note does not change it when printed again', async () => {
    const { user, api, invoice } = await sentInvoice();
    const first = randomUUID();
    // Paid on the invoice's day, 22 Nov; the credit note comes later (issued today).
    await api.post(`/invoices/${invoice.id}/payments`, { id: first, amount: 100_000, method: 'cash', date: '2026-11-22' });
    const before = (await api.get(`/invoices/${invoice.id}/receipts`)).body.receipts[0];
    expect(before).toMatchObject({ payment_id: first, balance_left: BODY_TOTAL - 100_000 });
    const cn = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Wet' })).body;
    expect(cn.issue_date > '2026-11-22').toBe(true);
    const second = randomUUID();
    await api.post(`/invoices/${invoice.id}/payments`, { id: second, amount: 50_000, method: 'cash', date: cn.issue_date });

    // API: the first receipt is as it was; the second, made after the credit note, takes it off.
    const receipts = (await api.get(`/invoices/${invoice.id}/receipts`)).body.receipts as Array<{ payment_id: string; balance_left: number }>;
    expect(receipts.find((r) => r.payment_id === first)?.balance_left).toBe(BODY_TOTAL - 100_000); // 2,762.50
    expect(receipts.find((r) => r.payment_id === second)?.balance_left).toBe(BODY_TOTAL - cn.total_due - 150_000); // 650.00
    // The PDF the owner prints again, and the one the customer's link gives, say the same.
    const balanceOn = async (res: { rawPayload: Buffer }) => {
      const strings = (await pdfText(res.rawPayload)).split('\n');
      return strings[strings.indexOf('Balance left') + 1];
    };
    const own = await app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/receipts/${first}/pdf`, headers: user.auth });
    expect(await balanceOn(own)).toMatch(/2,762\.50/);
    const pub = await app.inject({ method: 'GET', url: `/api/invoices/public/${invoice.public_id}/receipts/${first}/pdf` });
    expect(await balanceOn(pub)).toMatch(/2,762\.50/);
    const later = await app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/receipts/${second}/pdf`, headers: user.auth });
    expect(await balanceOn(later)).toMatch(/650\.00/);
  });

  it('statements and reports count the credit note on its date; who owes me follows the balance', async () => {
    const { api, contactId, invoice } = await sentInvoice();
    const cn = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 2 }], reason: 'Returned' })).body;
    const records = (await api.pull('invoices')).body.records;
    const statement = clientStatement(records, contactId, 'NGN', '2026-11-01', '2099-12-31');
    expect(statement.entries.map((e) => [e.kind, e.debit, e.credit])).toEqual([
      ['invoice', BODY_TOTAL, 0],
      ['credit_note', 0, cn.total_due],
    ]);
    expect(statement.closing_balance).toBe(BODY_TOTAL - cn.total_due);
    // A credit note is not a payment (D6): its own figure, nothing paid.
    expect([statement.invoiced, statement.credited, statement.paid]).toEqual([BODY_TOTAL, cn.total_due, 0]);

    const from = '2026-11-01';
    const to = cn.issue_date > '2026-11-30' ? cn.issue_date : '2026-11-30';
    const server = (await api.get(`/reports/summary?from=${from}&to=${to}`)).body;
    const device = reportFromRecords({ invoices: records, expenses: [], contacts: [] }, { from, to }, cn.issue_date);
    const ngn = server.currencies.find((c: { currency: string }) => c.currency === 'NGN');
    expect(ngn.figures.invoiced.value).toBe(BODY_TOTAL - cn.total_due);
    expect(ngn.figures.outstanding.value).toBe(BODY_TOTAL - cn.total_due);
    expect(ngn.top_clients[0].amount).toBe(BODY_TOTAL - cn.total_due);
    expect(device.currencies[0].figures.invoiced.value).toBe(ngn.figures.invoiced.value);
    expect(device.currencies[0].figures.outstanding.value).toBe(ngn.figures.outstanding.value);
  });

  it('tenancy: another account can neither credit my invoice nor point its credit note at it', async () => {
    const { invoice } = await sentInvoice();
    const other = await withContact(app, await signUp(app));
    const rest = await other.api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Mine now' });
    expect(rest.status).toBe(404);
    const { record } = creditNoteCommand(
      invoice,
      [],
      {
        id: randomUUID(),
        number: 'CN-0001',
        public_id: 'Bq3v9XkLmN0pQrStUvWxYz',
        reason: 'x',
        picks: [{ line_id: invoice.lines[0].id, quantity: 1 }],
        time_zone: 'UTC',
      },
      new Date(),
    );
    const pushed = await other.api.push([upsert('invoices', record.id, { ...record, contact_id: other.contactId })]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { message: 'The invoice to credit was not found' } });
  });
});
