import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../data/db';
import { pagePaths } from '../../../paths';
import { openEditor } from './editorTesting';
import { fiscalInvoice, seedFiscalShop } from './fiscalFixtures';

// t17 K0 / h110: eTIMS signs a Kenyan invoice when it is finished or sent, and a signed invoice cannot change. So the
// rounding to whole shillings (M-Pesa and Airtel Money take no cents) is offered in the editor and at Finish.
const contact = '5b0d7c1e-8a41-4c1e-9f55-2f1f0b6c1a03';
const vat = { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
// Unga KSh210 + VAT 16% on top = KSh243.60, still a draft.
const draft = (id: string, price = 21_000) =>
  fiscalInvoice(contact, id, 'INV-0007', {
    status: 'draft',
    finished_at: null,
    sent_at: null,
    public_id: null,
    lines: [{ id: 'l1', description: 'Unga 2kg', quantity: 1, unit_price: price, fee_ids: [] }],
    fees: [vat],
    fee_ids: ['vat'],
  });

beforeEach(async () => {
  await db.invoices.clear();
  await seedFiscalShop(contact, [draft('d1'), draft('d2'), draft('d3'), draft('whole', 25_000)], {}, true);
});
afterEach(cleanup);

const open = (id: string) => openEditor(pagePaths.newInvoice({ id }), [{ path: '/invoices/:id', element: <p>view page</p> }]);
const stored = (id: string) => db.invoices.get(id) as Promise<Record<string, unknown> | undefined>;

describe('whole shillings in the invoice editor (t17 K0)', () => {
  it('offers to round KSh243.60 down to KSh243.00 in the form; the discount is the ordinary one and Finish saves it', async () => {
    open('d1');
    const notice = await screen.findByTestId('whole-shillings', undefined, { timeout: 10_000 });
    expect(within(notice).getByText('M-Pesa, Airtel Money: whole shillings only')).toBeTruthy();
    expect(screen.getByTestId('total-due').textContent).toBe('KSh243.60');
    fireEvent.click(within(notice).getByRole('button', { name: 'Round down to KSh243.00' }));
    await waitFor(() => expect(screen.getByTestId('total-due').textContent).toBe('KSh243.00'));
    // The cents read "Rounding" in the totals (h120); the discount field holds them, as the maths does.
    expect(screen.getByTestId('rounding-total').textContent).toBe('-KSh0.52');
    expect(screen.queryByTestId('discount-total')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Discount' }) as HTMLInputElement).value).toBe('0.52');
    expect(screen.queryByTestId('whole-shillings')).toBeNull();
    // Whole now: Finish asks nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByText('view page', undefined, { timeout: 10_000 });
    expect(await stored('d1')).toMatchObject({ status: 'ready', discount: { type: 'amount', value: 52, rounding: 52 }, tax_total: 3_352, total_due: 24_300 });
  }, 30_000);

  it('Finish with cents asks first: "Round down to KSh243.00 and finish" rounds and finishes', async () => {
    open('d2');
    await screen.findByTestId('whole-shillings', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Finish at KSh243.60' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Round down to KSh243.00 and finish' }));
    await screen.findByText('view page', undefined, { timeout: 10_000 });
    expect(await stored('d2')).toMatchObject({ status: 'ready', discount: { type: 'amount', value: 52, rounding: 52 }, total_due: 24_300, balance: 24_300 });
  }, 30_000);

  it('"Finish at KSh243.60" finishes as it is', async () => {
    open('d3');
    await screen.findByTestId('whole-shillings', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finish at KSh243.60' }));
    await screen.findByText('view page', undefined, { timeout: 10_000 });
    const saved = await stored('d3');
    expect(saved).toMatchObject({ status: 'ready', total_due: 24_360 });
    expect(saved?.discount ?? null).toBeNull();
  }, 30_000);

  it('a whole total, or a pay page without M-Pesa and Airtel Money, offers nothing', async () => {
    open('whole');
    await screen.findByRole('button', { name: 'Finish' }, { timeout: 10_000 });
    expect(screen.getByTestId('total-due').textContent).toBe('KSh290');
    expect(screen.queryByTestId('whole-shillings')).toBeNull();
    cleanup();
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    localStorage.setItem('user', JSON.stringify({ ...user, invoice_settings: JSON.stringify({ pay_rails: ['card'] }) }));
    open('d1');
    await screen.findByRole('button', { name: 'Finish' }, { timeout: 10_000 });
    expect(screen.getByTestId('total-due').textContent).toBe('KSh243.60');
    expect(screen.queryByTestId('whole-shillings')).toBeNull();
  }, 30_000);
});
