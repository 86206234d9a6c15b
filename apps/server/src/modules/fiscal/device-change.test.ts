import { randomInt } from 'node:crypto';
import { type FiscalDocument, fiscalErrorFix } from '@duka/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fiscalDocuments } from '../../db/schema';
import { openTestApp } from '../../test/harness';
import { startOscuServer } from '../../test/oscu-server';
import { processDue } from './service';
import { kenyanShop, kesInvoice } from './test-utils';

/**
 * Issue 26: a document keeps the KRA device it was numbered for (stored when it is picked up for sending). Sent once
 * and unanswered (KRA down), then the business disconnects and connects another device: the replay is held with a
 * sentence for the owner (fiscal_error 'device'), never sent under the first device's number to the second one;
 * connecting the first device again lets "send again" finish it with its own number. PGlite and PostgreSQL.
 */
const { app, ctx } = await openTestApp({ etimsAllowPrivate: true, etims: undefined });
const newTin = () => `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`;

async function oscuFor(serial: string) {
  const oscu = await startOscuServer({ tin: newTin(), bhfId: '00', dvcSrlNo: serial });
  afterAll(() => oscu.close());
  return { oscu, body: { api_base: oscu.base, tin: oscu.device.tin, branch_id: '00', device_serial: serial } };
}

const docOf = async (id: string) => (await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, id)))[0];

describe('a document is sent only to the device it was numbered for', () => {
  it('holds a replay after the business changed device, with what to do, and sends it once that device is back', async () => {
    const one = await oscuFor('DEV-ONE-1');
    const two = await oscuFor('DEV-TWO-2');
    const shop = await kenyanShop(app);
    expect((await shop.api.put('/fiscal/settings', one.body)).status).toBe(200);
    const inv = (await shop.api.post('/invoices', kesInvoice(shop.contactId))).body as { id: string };

    // Picked up and sent while device one is down: numbered 1 for device one, kept with it.
    one.oscu.down = true;
    expect(await processDue(ctx, { userId: shop.user.userId })).toMatchObject({ retrying: 1 });
    const numbered = await docOf(inv.id);
    expect(numbered).toMatchObject({ state: 'submitting', fiscalSequence: 1 });
    expect((numbered.payload as FiscalDocument).device).toMatchObject({ label: 'the KRA eTIMS device DEV-ONE-1 (branch 00)' });

    // The owner connects device two instead; device one comes back. The replay is due.
    expect((await shop.api.put('/fiscal/settings', two.body)).status).toBe(200);
    one.oscu.down = false;
    await ctx.db
      .update(fiscalDocuments)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(fiscalDocuments.invoiceId, inv.id));
    expect(await processDue(ctx, { userId: shop.user.userId })).toEqual({ fiscalised: 0, retrying: 0, failed: 0 });
    const view = (await shop.api.get(`/invoices/${inv.id}/fiscal`)).body;
    expect(view).toMatchObject({ state: 'fiscal_error', error: { code: 'device', fix: fiscalErrorFix('device') } });
    expect(view.error.message).toBe(
      'Not sent: this invoice has fiscal number 1 of the KRA eTIMS device DEV-ONE-1 (branch 00), and this business now signs with ' +
        "the KRA eTIMS device DEV-TWO-2 (branch 00). Duka never sends a document under another device's numbers: connect the KRA eTIMS " +
        'device DEV-ONE-1 (branch 00) again in Settings → KRA eTIMS and send it again, or, if that device is gone for good, contact Duka support.',
    );
    expect([one.oscu.saleCalls, two.oscu.saleCalls]).toEqual([0, 0]); // device one was down (503 before it counts)

    // "Send again" while device two is still connected: held again, still nothing sent to device two.
    expect((await shop.api.post(`/invoices/${inv.id}/fiscal/retry`, {})).status).toBe(200);
    await processDue(ctx, { userId: shop.user.userId });
    expect(await docOf(inv.id)).toMatchObject({ state: 'fiscal_error', errorCode: 'device', fiscalSequence: 1 });
    expect(two.oscu.saleCalls).toBe(0);

    // A new invoice meanwhile goes to device two with device two's own first number.
    const next = (await shop.api.post('/invoices', kesInvoice(shop.contactId))).body as { id: string };
    await processDue(ctx, { userId: shop.user.userId });
    expect(await docOf(next.id)).toMatchObject({ state: 'fiscalised', fiscalSequence: 1 });
    expect([...two.oscu.sales.keys()]).toEqual([1]);

    // Device one connected again: "send again" finishes the held invoice on device one, with its number 1.
    expect((await shop.api.put('/fiscal/settings', one.body)).status).toBe(200);
    await shop.api.post(`/invoices/${inv.id}/fiscal/retry`, {});
    await processDue(ctx, { userId: shop.user.userId });
    expect((await shop.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '1', error: null });
    expect([...one.oscu.sales.keys()]).toEqual([1]);
    expect(two.oscu.sales.size).toBe(1);
  });

  it('holds a document numbered before the device was kept on it by its sequence, and one numbered in TEST MODE after a device is connected', async () => {
    const one = await oscuFor('DEV-OLD-1');
    const two = await oscuFor('DEV-OLD-2');
    const shop = await kenyanShop(app);
    expect((await shop.api.put('/fiscal/settings', one.body)).status).toBe(200);
    const inv = (await shop.api.post('/invoices', kesInvoice(shop.contactId))).body as { id: string };
    one.oscu.down = true;
    await processDue(ctx, { userId: shop.user.userId });
    // As stored before this change: no device on the payload.
    const doc = await docOf(inv.id);
    const { device: _d, ...old } = doc.payload as FiscalDocument;
    await ctx.db
      .update(fiscalDocuments)
      .set({ payload: old, nextAttemptAt: new Date(0) })
      .where(eq(fiscalDocuments.invoiceId, inv.id));
    expect((await shop.api.put('/fiscal/settings', two.body)).status).toBe(200);
    await processDue(ctx, { userId: shop.user.userId });
    const held = await docOf(inv.id);
    expect(held).toMatchObject({ state: 'fiscal_error', errorCode: 'device' });
    expect(held.lastError).toMatch(
      /^Not sent: this invoice has fiscal number 1 of the KRA eTIMS device it was numbered for, and this business now signs with the KRA eTIMS device DEV-OLD-2/,
    );
    expect(two.oscu.saleCalls).toBe(0);

    // Disconnected to TEST MODE: the held invoice is not signed in TEST MODE under device one's number either.
    expect((await shop.api.del('/fiscal/settings')).status).toBe(200);
    await shop.api.post(`/invoices/${inv.id}/fiscal/retry`, {});
    await processDue(ctx, { userId: shop.user.userId });
    const still = await docOf(inv.id);
    expect(still).toMatchObject({ state: 'fiscal_error', errorCode: 'device', result: null });
    expect(still.lastError).toContain("now signs with Duka's TEST MODE unit");
  });
});
