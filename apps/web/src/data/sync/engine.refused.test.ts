// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { computeInvoiceTotals } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { saveRecord } from '../db';
import { d, engine, server, token, syncEngineFixture } from './engine.fixture';

/**
 * t19 N6, against the real server: an invoice edited offline (price down to FRw 590) while the customer's FRw 1,181
 * reached the server from another device. The push is refused; the device keeps the owner's change to review and,
 * beside it, the server's copy (paid), which the invoice's page and the lists show instead of the refused figures.
 */
syncEngineFixture('engine-refused');

describe('a refused invoice change (t19 N6)', () => {
  it("keeps the server's copy beside the refused change; Discard puts it back", async () => {
    const client = await server.as<{ id: string }>(token, 'POST', '/contacts', { name: 'Uwase Shop' });
    const created = await server.as<{ id: string; issue_date: string }>(token, 'POST', '/invoices', {
      contact_id: client.body.id,
      currency: 'RWF',
      status: 'sent',
      lines: [{ id: crypto.randomUUID(), description: 'Maize flour', quantity: 1, unit_price: 1_181, fee_ids: [] }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await engine.sync();
    const onDevice = (await d.invoices.get(id))!;
    // Offline on the phone: the price goes down to FRw 590. Meanwhile the customer pays FRw 1,181 (recorded elsewhere).
    const lines = [{ ...(onDevice.lines as Array<Record<string, unknown>>)[0], unit_price: 590 }];
    const totals = computeInvoiceTotals({ lines: lines as never, fees: [], fee_ids: [], discount: null });
    await saveRecord('invoices', { ...onDevice, lines, total_due: totals.total_due, subtotal: totals.subtotal, balance: totals.total_due } as never, d);
    const paid = await server.as(token, 'POST', `/invoices/${id}/payments`, {
      amount: 1_181,
      method: 'mobile_money',
      date: created.body.issue_date,
      reference: 'MP123',
    });
    expect(paid.status).toBe(201);
    await engine.sync();
    const [m] = await d.queue.toArray();
    expect(m).toMatchObject({ id, status: 'rejected', error: expect.stringContaining('already paid') });
    expect(m.server_copy).toMatchObject({ id, status: 'paid', amount_paid: 1_181, total_due: 1_181 });
    // The owner's change is still on the device, to review.
    expect((await d.invoices.get(id))?.total_due).toBe(590);
    await engine.discard(m);
    expect(await d.invoices.get(id)).toMatchObject({ status: 'paid', total_due: 1_181 });
  });
});
