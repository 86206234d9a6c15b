import { randomUUID } from 'node:crypto';
import { FISCAL_IMMUTABLE_TEST_MESSAGE, stateResponse, type FiscalDocument, groupsOfFour, parseFiscalQrText, TEST_CODE_LISTS } from '@duka/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { client, remove, upsert } from '../sync/test-utils';
import { processDue } from './service';
import { testSignatures, testUnitId } from './test-unit';
import { kenyanShop, kesInvoice, VAT16 } from './test-utils';

const { app, ctx, config } = await openTestApp();

describe('fiscalisation in TEST MODE (no eTIMS settings)', () => {
  it('queues a sent invoice as provisional, then signs it for real on the job and shows the fiscal block', async () => {
    const { user, api, contactId } = await kenyanShop(app);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    expect((await api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'provisional', test: true, fiscal_number: null, error: null });

    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await api.get(`/invoices/${inv.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscalised', test: true, fiscal_number: '1', receipt_label: '1/1 TS', attempts: 1 });
    expect(view.internal_data).toMatch(/^[A-Z2-7]{26}$/);
    expect(view.signature).toMatch(/^[A-Z2-7]{16}$/);
    const qr = parseFiscalQrText(view.qr_text)!;
    expect(qr).toMatchObject({ control_unit_id: view.control_unit_id, receipt: '1/1 TS', internal_data: view.internal_data, signature: view.signature });
    expect(view.control_unit_id).toBe(testUnitId(config.jwtSecret, user.userId));
    // The signature is an HMAC of what was signed: recomputed from the stored document it matches, and any change breaks it.
    const [doc] = await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, inv.id));
    const payload = doc.payload as FiscalDocument;
    expect(payload.total).toBe(inv.total_due);
    expect(payload.buyer).toEqual({ name: 'Otieno Builders', pin: 'P051234567Q' });
    expect(testSignatures(config.jwtSecret, user.userId, payload, view.fiscal_datetime)).toEqual({
      internal_data: view.internal_data,
      signature: view.signature,
    });
    expect(testSignatures(config.jwtSecret, user.userId, { ...payload, total: payload.total + 1 }, view.fiscal_datetime).signature).not.toBe(view.signature);
    expect(groupsOfFour(view.signature)).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);

    // The next invoice of the branch takes the next number.
    const second = (await api.post('/invoices', kesInvoice(contactId))).body;
    await processDue(ctx, { userId: user.userId });
    expect((await api.get(`/invoices/${second.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '2', receipt_label: '2/2 TS' });
  });

  it('offers the bundled code lists in TEST MODE (item classifications, units, tax types)', async () => {
    const { api } = await kenyanShop(app);
    const codes = (await api.get('/fiscal/codes')).body;
    expect(codes).toEqual(TEST_CODE_LISTS);
    expect(codes.units.map((u: { code: string }) => u.code)).toEqual(expect.arrayContaining(['U', 'KG', 'L']));
    expect(codes.tax_types.map((t: { code: string; extra: string }) => `${t.code}:${t.extra}`)).toEqual(['A:0', 'B:16', 'C:0', 'D:0', 'E:8']);
  });

  it('leaves drafts and businesses outside Kenya alone', async () => {
    const { user, api, contactId } = await kenyanShop(app);
    const draft = (await api.post('/invoices', kesInvoice(contactId, { status: 'draft' }))).body;
    await processDue(ctx, { userId: user.userId });
    expect((await api.get(`/invoices/${draft.id}/fiscal`)).body.state).toBeNull();

    const nigerian = await signUp(app);
    const n = client(app, nigerian);
    const c = (await n.post('/contacts', { name: 'Chidi' })).body;
    const inv = (await n.post('/invoices', kesInvoice(c.id, { currency: 'NGN' }))).body;
    expect((await n.get(`/invoices/${inv.id}/fiscal`)).body.state).toBeNull();
  });

  it("tells a device the business's fiscal mode with the account state (GET /state), before any document", async () => {
    const { api, user } = await kenyanShop(app);
    const state = await api.get('/state');
    expect(state.status).toBe(200);
    expect(stateResponse.parse(state.body).fiscal).toBe('test');
    const nigerian = client(app, await signUp(app));
    expect((await nigerian.get('/state')).body.fiscal).toBe('off');
    // A change of country is seen at once (the answer is not kept past the users row).
    expect((await api.patch(`/users/${user.username}`, { user: { country: 'Nigeria' } })).status).toBeLessThan(300);
    expect((await api.get('/state')).body.fiscal).toBe('off');
  });

  it('refuses edits of a fiscalised invoice (REST and sync) offering a credit note, and still takes payments', async () => {
    const { user, api, contactId } = await kenyanShop(app);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    await processDue(ctx, { userId: user.userId });

    const edit = await api.patch(`/invoices/${inv.id}`, { notes: 'changed after signing' });
    expect(edit.status).toBe(409);
    // TEST MODE: nothing went to KRA, and the refusal does not say it did.
    expect(edit.body.error.message).toBe(FISCAL_IMMUTABLE_TEST_MESSAGE);
    expect(edit.body.error.message).toMatch(/signed in TEST MODE \(not sent to KRA\).*credit note/);
    expect(edit.body.error.message).not.toMatch(/fiscalised with KRA/);
    const lines = [{ ...inv.lines[0], quantity: 3 }, inv.lines[1]];
    const pushed = await api.push([upsert('invoices', inv.id, { ...inv, lines, subtotal: undefined, total_due: undefined, tax_total: undefined })]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: FISCAL_IMMUTABLE_TEST_MESSAGE } });
    const voided = await api.post(`/invoices/${inv.id}/void`, {});
    expect(voided.status).toBe(409);
    // Deleting it names what works (a credit note), never "void it" (t15a F3).
    const deleted = await api.del(`/invoices/${inv.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toBe(FISCAL_IMMUTABLE_TEST_MESSAGE);
    const gone = await api.push([remove('invoices', inv.id)]);
    expect(gone.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: FISCAL_IMMUTABLE_TEST_MESSAGE } });

    const paid = await api.post(`/invoices/${inv.id}/payments`, { amount: 10_000, method: 'cash', date: '2026-11-25' });
    expect(paid.status).toBe(201);
    expect(paid.body.amount_paid).toBe(10_000);
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after.lines).toEqual(inv.lines);
    expect(after.notes).toBe(inv.notes);
  });

  it('an invoice with a tax KRA has no band gets fiscal_error with what to fix, and is fiscalised once fixed', async () => {
    const { user, api, contactId } = await kenyanShop(app);
    const odd = { ...VAT16, id: randomUUID(), name: 'Levy', percentage_bps: 750 };
    const body = kesInvoice(contactId, { fees: [VAT16, odd] });
    body.lines[1].fee_ids = [odd.id];
    const inv = (await api.post('/invoices', body)).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 0 });
    const view = (await api.get(`/invoices/${inv.id}/fiscal`)).body;
    expect(view.state).toBe('fiscal_error');
    expect(view.error.message).toBe('Line 2 (Advice) has the tax "Levy" at 7.5%; KRA takes VAT at 16%, 8% or 0% only.');
    expect(view.error.fix).toMatch(/VAT 16%, 8%, 0% or exempt/);

    // Still editable (never reached KRA): dropping the levy queues it again, and it is fiscalised as number 1.
    const fixed = await api.patch(`/invoices/${inv.id}`, { lines: [inv.lines[0], { ...inv.lines[1], fee_ids: [] }], fees: [VAT16] });
    expect(fixed.status).toBe(200);
    expect((await api.get(`/invoices/${inv.id}/fiscal`)).body.state).toBe('provisional');
    await processDue(ctx, { userId: user.userId });
    expect((await api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '1', error: null });
  });

  it("shows one business nothing of another's fiscal documents", async () => {
    const { user, api, contactId } = await kenyanShop(app);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    await processDue(ctx, { userId: user.userId });
    const other = await kenyanShop(app);
    const seen = await other.api.get(`/invoices/${inv.id}/fiscal`);
    expect(seen.status).toBe(404);
    expect(JSON.stringify(seen.body)).not.toContain('signature');
    // A draft of the other business's own, with no fiscal record yet, is answered (state null), not refused.
    const ownDraft = (await other.api.post('/invoices', kesInvoice(other.contactId, { status: 'draft' }))).body;
    expect((await other.api.get(`/invoices/${ownDraft.id}/fiscal`)).body).toMatchObject({ state: null, fiscal_number: null });
    expect((await other.api.post(`/invoices/${inv.id}/fiscal/retry`, {})).status).toBe(404);
    expect((await api.get('/invoices/not-a-uuid/fiscal')).status).toBe(400);
  });
});

describe('documents and the client tax PIN (issue 26)', () => {
  it("checks a Kenyan client's KRA PIN and prints it as the buyer's PIN with the fiscal block on the PDF and public page", async () => {
    const { user, api, contactId } = await kenyanShop(app, { tax_id: ' p051234567q ' });
    expect((await api.get(`/contacts/${contactId}`)).body.tax_id).toBe('P051234567Q');
    const bad = await api.post('/contacts', { name: 'Bad PIN', tax_id: 'P05123' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.tax_id).toBe('A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567Q');
    const ugandan = await api.post('/contacts', { name: 'Kampala Ltd', country: 'Uganda', tax_id: '1000012345' });
    expect(ugandan.status).toBe(201);

    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    const waiting = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(waiting.fiscal).toMatchObject({ state: 'provisional' });
    await processDue(ctx, { userId: user.userId });
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(pub.fiscal).toMatchObject({ state: 'fiscalised', test: true, fiscal_number: '1', receipt_label: '1/1 TS', buyer_pin: 'P051234567Q' });
    expect(pub.fiscal.qr_text).toContain('#1/1 TS#');

    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
  });
});
