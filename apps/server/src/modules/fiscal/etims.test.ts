import { DEFAULT_ITEM_CLASS, FISCAL_IMMUTABLE_MESSAGE, FISCAL_IN_FLIGHT_MESSAGE, type FiscalDocument, fiscalDocument, parseFiscalQrText } from '@duka/core';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fiscalDocuments, fiscalServerKeys } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import { openTestApp } from '../../test/harness';
import { ETIMS_UNREACHABLE_MESSAGE, etimsUnit, type EtimsKeyStore, saleRequest } from './etims';
import { decryptSecret } from './secrets';
import { queueCreditNote } from './adapter';
import { processDue } from './service';
import { operatorShop, kesInvoice, ownTaxpayerOscu, VAT16 } from './test-utils';

const { oscu, settings } = await ownTaxpayerOscu('DUKA-TEST-001');

function memoryKeys(): EtimsKeyStore & { saved: string | null } {
  const s = {
    saved: null as string | null,
    async load() {
      return s.saved ? { cmcKey: s.saved, controlUnitId: 'KRACU0100000001' } : null;
    },
    async save(k: string) {
      s.saved = k;
    },
  };
  return s;
}

// KRA wants a registered item code on every item of a sale: the adapter's sales name this item, registered once.
const ITEM = 'KE2NTU0000001';
beforeAll(async () => {
  const unit = etimsUnit(settings, memoryKeys());
  await unit.initialise();
  const item = {
    item_code: ITEM,
    item_class: DEFAULT_ITEM_CLASS,
    item_type: '2',
    name: 'Cement',
    origin: 'KE',
    packaging_unit: 'NT',
    quantity_unit: 'U',
  } as const;
  expect(await unit.registerItem({ ...item, tax_band: 'B', unit_price: 116_000 })).toEqual({ ok: true });
});

let seq = 1000;
function doc(extra: Partial<FiscalDocument> = {}): FiscalDocument {
  seq += 1;
  const d = fiscalDocument(
    {
      id: `doc-${seq}`,
      number: `INV-${seq}`,
      issue_date: '2026-11-25',
      currency: 'KES',
      lines: [{ id: 'a', description: 'Cement', quantity: 2, unit_price: 116_000, fee_ids: [VAT16.id] }],
      fees: [VAT16],
    },
    { kind: 'sale', fiscal_sequence: seq, buyer: { name: 'Otieno', pin: 'P051234567Q' } },
  );
  return { ...d, lines: d.lines.map((l) => ({ ...l, item_code: ITEM })), ...extra };
}

beforeEach(() => {
  oscu.delayMs = 0;
  oscu.down = false;
  oscu.malformed = false;
  oscu.refuseNext = null;
});

describe('KRA eTIMS OSCU adapter against a local OSCU server', () => {
  it('initialises the device (communication key to the key store), reads the code lists and fiscalises a sale', async () => {
    const keys = memoryKeys();
    const unit = etimsUnit(settings, keys);
    expect(await unit.initialise()).toEqual({ control_unit_id: 'KRACU0100000001' });
    expect(keys.saved).toBe(oscu.cmcKey);
    const lists = await unit.codeLists();
    expect(lists.tax_types.map((t) => `${t.code}:${t.extra}`)).toEqual(['A:0', 'B:16', 'C:0', 'D:0', 'E:8']);
    expect(lists.units.map((u) => u.code)).toContain('KG');
    expect(lists.item_classes.map((c) => c.code)).toContain('5059690800');

    const d = doc();
    const out = await unit.fiscalise(d);
    if (!out.ok) throw new Error(out.failure.message);
    const sale = oscu.sales.get(d.fiscal_sequence)!;
    expect(sale.body).toMatchObject({
      invcNo: d.fiscal_sequence,
      rcptTyCd: 'S',
      custTin: 'P051234567Q',
      totAmt: 2320,
      taxblAmtB: 2320,
      taxAmtB: 320,
      taxRtB: 16,
    });
    const a = sale.answer.data as Record<string, string | number>;
    expect(out.result).toMatchObject({ control_unit_id: 'KRACU0100000001', internal_data: a.intrlData, signature: a.rcptSign, test: false });
    expect(out.result.receipt_label).toBe(`${a.curRcptNo}/${a.totRcptNo} NS`);
    expect(parseFiscalQrText(out.result.qr_text)).toMatchObject({ control_unit_id: 'KRACU0100000001', receipt: out.result.receipt_label });
  });

  it('classifies every item: an unclassified item is refused as KRA does; a line without a catalog class goes with the default', async () => {
    const unit = etimsUnit(settings, memoryKeys());
    await unit.initialise();
    // The local server, like KRA, refuses an item without a classification (910), whatever else is right.
    const bare = doc();
    const body = saleRequest(bare, new Date());
    const items = body.itemList as Array<Record<string, unknown>>;
    const refused = await unit.call('saveTrnsSalesOsdc', { ...body, itemList: items.map((i) => ({ ...i, itemClsCd: null })) }, true);
    expect(refused).toMatchObject({ resultCd: '910' });
    expect(String(refused.resultMsg)).toContain('itemClsCd is required');
    expect(oscu.sales.has(bare.fiscal_sequence)).toBe(false);
    // Duka's line typed on the invoice (no catalog item) carries core's default class and is signed.
    expect(bare.lines[0].item_class).toBe('');
    const out = await unit.fiscalise(bare);
    if (!out.ok) throw new Error(out.failure.message);
    expect((oscu.sales.get(bare.fiscal_sequence)!.body.itemList as Array<Record<string, unknown>>)[0]).toMatchObject({ itemClsCd: DEFAULT_ITEM_CLASS });
    // A catalog item's own class wins.
    const own = doc();
    own.lines[0] = { ...own.lines[0], item_class: '5059690800' };
    expect((saleRequest(own, new Date()).itemList as Array<Record<string, unknown>>)[0]).toMatchObject({ itemClsCd: '5059690800' });
  });

  it('a replay of the same sale (after a time-out) gets the first answer; another sale with that number is refused', async () => {
    const unit = etimsUnit(settings, memoryKeys());
    await unit.initialise();
    const d = doc();
    oscu.delayMs = 6000; // processed by the authority, answered after the client gave up
    const late = await unit.fiscalise(d);
    expect(late).toEqual({ ok: false, failure: { retry: true, code: null, message: ETIMS_UNREACHABLE_MESSAGE(5000) } });
    expect(oscu.sales.has(d.fiscal_sequence)).toBe(true);
    oscu.delayMs = 0;
    const calls = oscu.saleCalls;
    const replay = await unit.fiscalise(d);
    if (!replay.ok) throw new Error(replay.failure.message);
    expect(oscu.saleCalls).toBe(calls + 1);
    expect(replay.result.signature).toBe((oscu.sales.get(d.fiscal_sequence)!.answer.data as { rcptSign: string }).rcptSign);
    const clash = await unit.fiscalise({ ...d, total: d.total + 100, taxable_total: d.taxable_total + 100 });
    expect(clash).toMatchObject({ ok: false, failure: { retry: false, code: '994' } });
  });

  it('retries while the authority is down or answers nonsense, and gives the owner the refusal otherwise', async () => {
    const unit = etimsUnit(settings, memoryKeys());
    oscu.down = true;
    expect(await unit.fiscalise(doc())).toEqual({ ok: false, failure: { retry: true, code: '503', message: 'KRA eTIMS is unavailable (HTTP 503)' } });
    oscu.down = false;
    oscu.malformed = true;
    expect(await unit.fiscalise(doc())).toMatchObject({ ok: false, failure: { retry: true, message: 'KRA eTIMS answered something that is not JSON' } });
    oscu.malformed = false;
    const bad = doc({ buyer: { name: 'X', pin: 'P05123' } });
    expect(await unit.fiscalise(bad)).toEqual({
      ok: false,
      failure: { retry: false, code: '910', message: 'KRA eTIMS: Request parameter error: custTin is not a valid PIN (910)' },
    });
    const unknown = doc();
    unknown.lines[0].item_class = '9999999999';
    expect(await unit.fiscalise(unknown)).toMatchObject({
      ok: false,
      failure: { retry: false, code: '910', message: expect.stringContaining('9999999999 does not exist') },
    });
    oscu.refuseNext = { code: '999', msg: 'There is an unknown error. Please ask the administrator' };
    expect(await unit.fiscalise(doc())).toMatchObject({ ok: false, failure: { retry: true, code: '999' } });
    const wrongDevice = etimsUnit({ ...settings, deviceSerial: 'OTHER' }, memoryKeys());
    expect(await wrongDevice.fiscalise(doc())).toMatchObject({
      ok: false,
      failure: { retry: false, code: '901', message: 'KRA eTIMS: It is not valid device (901)' },
    });
  });

  it('recovers when another process initialised the device since (answer 900): reads the key store, then re-initialises', async () => {
    const shared = memoryKeys();
    const a = etimsUnit(settings, shared);
    const b = etimsUnit(settings, shared);
    await a.initialise();
    await b.initialise(); // the authority now knows only b's key, which the shared store holds
    expect((await a.fiscalise(doc())).ok).toBe(true);
    const lone = etimsUnit(settings, memoryKeys());
    await lone.initialise();
    const inits = oscu.inits;
    expect((await a.fiscalise(doc())).ok).toBe(true); // its key was replaced and the store holds the same: initialise again
    expect(oscu.inits).toBe(inits + 1);
  });

  it('sends a credit note as receipt type R referencing the original sale, labelled NC', async () => {
    const unit = etimsUnit(settings, memoryKeys());
    const sale = doc();
    expect((await unit.fiscalise(sale)).ok).toBe(true);
    const credit = doc({ kind: 'credit_note', original_sequence: sale.fiscal_sequence, reason_code: '06' });
    const out = await unit.fiscalise(credit);
    if (!out.ok) throw new Error(out.failure.message);
    expect(out.result.receipt_label).toMatch(/^\d+\/\d+ NC$/);
    expect(oscu.sales.get(credit.fiscal_sequence)!.body).toMatchObject({ rcptTyCd: 'R', orgInvcNo: sale.fiscal_sequence, rfdRsnCd: '06' });
    expect(await unit.fiscalise(doc({ kind: 'credit_note', original_sequence: 999_999 }))).toMatchObject({ ok: false, failure: { retry: false } });
  });
});

describe('the fiscal job with the server ETIMS_* settings', async () => {
  const { app, ctx, config } = await openTestApp({ etims: settings });

  it('fiscalises on the queue, keeps the communication key encrypted, retries with back-off and replays after a lost answer', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const view = (await api.get(`/invoices/${inv.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscalised', test: false, control_unit_id: 'KRACU0100000001', fiscal_number: '1' });
    expect(view.receipt_label).toMatch(/^\d+\/\d+ NS$/);
    // Signed by KRA: an edit is refused with the KRA words.
    expect((await api.patch(`/invoices/${inv.id}`, { notes: 'x' })).body.error.message).toBe(FISCAL_IMMUTABLE_MESSAGE);
    const [key] = await ctx.db
      .select()
      .from(fiscalServerKeys)
      .where(eq(fiscalServerKeys.key, `${oscu.device.tin}:${oscu.device.bhfId}:${oscu.device.dvcSrlNo}`));
    expect(key.cmcKeyEnc).not.toContain(oscu.cmcKey!);
    expect(decryptSecret(config.jwtSecret, key.cmcKeyEnc)).toBe(oscu.cmcKey);
    const settingsView = (await api.get('/fiscal/settings')).body;
    expect(settingsView).toMatchObject({ mode: 'etims', source: 'server', tin: oscu.device.tin, branch_id: '00' });
    expect(JSON.stringify(settingsView)).not.toContain(oscu.cmcKey!);
    // The account state tells a device the same (issue 26: an invoice finished offline then says "Awaiting KRA").
    expect((await api.get('/state')).body.fiscal).toBe('etims');

    // Authority down: stays provisional (awaiting KRA), retried later with the same number; nothing fiscalised twice.
    oscu.down = true;
    const second = (await api.post('/invoices', kesInvoice(contactId))).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 1, failed: 0 });
    const waiting = (await api.get(`/invoices/${second.id}/fiscal`)).body;
    expect(waiting).toMatchObject({ state: 'provisional', error: { message: 'KRA eTIMS is unavailable (HTTP 503)' } });
    const inFlight = await api.patch(`/invoices/${second.id}`, { notes: 'x' });
    expect(inFlight.status).toBe(409);
    // Live mode keeps the KRA words.
    expect(inFlight.body.error.message).toBe(FISCAL_IN_FLIGHT_MESSAGE);
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 0 }); // not due yet
    oscu.down = false;
    oscu.delayMs = 6000; // KRA records it but the answer is lost
    clockOf(ctx).set(new Date(Date.now() + 10 * 60_000));
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 1, failed: 0 });
    oscu.delayMs = 0;
    clockOf(ctx).set(new Date(Date.now() + 30 * 60_000));
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    clockOf(ctx).set(null);
    const [doc2] = await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, second.id));
    expect(doc2).toMatchObject({ state: 'fiscalised', fiscalSequence: 2, attempts: 3 });
    expect(oscu.sales.get(2)?.body).toMatchObject({ invcNo: 2, trdInvcNo: second.number });
  });

  it('a sale the authority refuses becomes fiscal_error with its message; a credit note of it goes as NC referencing it', async () => {
    const { user, api, contactId } = await operatorShop(app, settings);
    oscu.refuseNext = { code: '910', msg: 'Request parameter error: custTin' };
    const inv = (await api.post('/invoices', kesInvoice(contactId))).body;
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 1 });
    const view = (await api.get(`/invoices/${inv.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscal_error', error: { code: 'authority:910', message: 'KRA eTIMS: Request parameter error: custTin (910)' } });
    expect((await api.post(`/invoices/${inv.id}/fiscal/retry`, {})).body.state).toBe('provisional');
    expect(await processDue(ctx, { userId: user.userId })).toEqual({ fiscalised: 1, retrying: 0, failed: 0 });
    const sale = (await api.get(`/invoices/${inv.id}/fiscal`)).body;

    // A credit note (its document comes from the credit-notes feature; here an invoice record stands in) as NC.
    const cn = (await api.post('/invoices', kesInvoice(contactId, { status: 'draft' }))).body;
    await queueCreditNote(ctx.db, { userId: user.userId, creditNoteId: cn.id, originalInvoiceId: inv.id, reasonCode: '06' });
    // Due from the database's now() (microseconds); the job compares with the process clock (milliseconds), so a
    // call in the same millisecond finds nothing yet: run it until the credit note is sent, never with a failure.
    await expect
      .poll(
        async () => {
          const run = await processDue(ctx, { userId: user.userId });
          expect(run.failed + run.retrying).toBe(0);
          return (await api.get(`/invoices/${cn.id}/fiscal`)).body.state;
        },
        { timeout: 20_000 },
      )
      .toBe('fiscalised');
    const nc = (await api.get(`/invoices/${cn.id}/fiscal`)).body;
    expect(nc.receipt_label).toMatch(/ NC$/);
    const sent = [...oscu.sales.values()].find((s) => s.body.rcptTyCd === 'R' && s.body.custNm === 'Otieno Builders' && s.invcNo === Number(nc.fiscal_number))!;
    expect(sent.orgInvcNo).toBe(Number(sale.fiscal_number));
  });
});
