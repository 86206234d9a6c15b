import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CatalogItem, clearLocalData } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { setLanguage } from '../../i18n';
import { renderWithQueries } from '../../ui/testing';
import { completeSale, cartTotal } from './sale';
import { SaleReceipt } from './SaleReceipt';

// Issue 23 (t15b): a sale receipt showed "₦9,001" beside "₦675.08". Once one amount has kobo, every amount shows them.
const suit: CatalogItem = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ankara suit',
  description: '',
  unit_price: 900_100,
  unit: 'piece',
  sku: null,
  active: true,
  barcode: null,
  track_stock: false,
  low_stock_level: null,
  cost_price: null,
  created_at: '2026-11-25T00:00:00.000Z',
  updated_at: '2026-11-25T00:00:00.000Z',
} as unknown as CatalogItem;
const vat = {
  id: 'vat',
  name: 'VAT 7.5%',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 750,
  amount: 0,
  inclusive: false,
  default_on: true,
  created_at: '',
  updated_at: '',
};

beforeEach(async () => {
  await clearLocalData();
  setCurrentUser({ id: 'u-1', username: 'ada', company_name: 'Ada Tailors', invoice_settings: JSON.stringify({ currency: 'NGN' }) } as unknown as User);
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the sale receipt on screen', () => {
  it('shows kobo on every amount once the tax has them', async () => {
    const cart = [{ id: 'l1', item: suit, quantity: 1 }];
    const total = cartTotal(cart, { fees: [vat], discount: null });
    expect(total).toBe(967_608);
    const sale = await completeSale(
      cart,
      { contactId: null, discount: null, fees: [vat], payments: [{ method: 'cash', amount: total, tendered: 1_000_000 }] },
      'Walk-in',
    );
    renderWithQueries(<SaleReceipt sale={sale} onNew={() => undefined} />);
    const text = screen.getByTestId('sale-receipt').textContent ?? '';
    for (const amount of ['₦9,001.00', '₦675.08', '₦9,676.08', '₦10,000.00', '₦323.92']) expect(text).toContain(amount);
    expect(text).not.toMatch(/₦[\d,]+(?![\d.,])/);
  });

  it('keeps whole amounts whole when none has kobo', async () => {
    const cart = [{ id: 'l1', item: suit, quantity: 1 }];
    const sale = await completeSale(
      cart,
      { contactId: null, discount: null, fees: [], payments: [{ method: 'cash', amount: 900_100, tendered: 1_000_000 }] },
      'Walk-in',
    );
    renderWithQueries(<SaleReceipt sale={sale} onNew={() => undefined} />);
    const text = screen.getByTestId('sale-receipt').textContent ?? '';
    expect(text).toContain('₦9,001');
    expect(text).not.toContain('.00');
  });

  it('shows a VAT inside the prices as included, the total the shelf price (t17 K1)', async () => {
    setCurrentUser({ id: 'u-1', username: 'wanjiru', company_name: 'Wanjiru Shop', invoice_settings: JSON.stringify({ currency: 'KES' }) } as unknown as User);
    const unga = { ...suit, name: 'Unga 2kg', unit_price: 21_000 } as CatalogItem;
    const kenyaVat = { ...vat, name: 'VAT 16%', percentage_bps: 1600, inclusive: true };
    const cart = [{ id: 'l1', item: unga, quantity: 1 }];
    expect(cartTotal(cart, { fees: [kenyaVat], discount: null })).toBe(21_000);
    const sale = await completeSale(
      cart,
      { contactId: null, discount: null, fees: [kenyaVat], payments: [{ method: 'cash', amount: 21_000, tendered: 21_000 }] },
      'Walk-in',
    );
    expect([sale.invoice.total_due, sale.invoice.tax_total]).toEqual([21_000, 2_897]);
    renderWithQueries(<SaleReceipt sale={sale} onNew={() => undefined} />);
    const rows = [...screen.getByTestId('sale-receipt').querySelectorAll('.duka-receipt-row')].map((r) => r.textContent);
    // One row, under the subtotal.
    expect(rows).toEqual(['1 × KSh210.00KSh210.00', 'SubtotalKSh210.00', 'VAT 16% (included)KSh28.97', 'TotalKSh210.00', 'CashKSh210.00']);
    expect(rows.join('|')).not.toContain('243.60');
  });
  it("a South African VAT vendor's paid sale is its tax invoice: titled so, its VAT number labelled; without a VAT number, a receipt", async () => {
    const settings = (business: Record<string, string>) => JSON.stringify({ currency: 'ZAR', business });
    const thandi = (business: Record<string, string>) =>
      setCurrentUser({
        id: 'u-1',
        username: 'thandi',
        company_name: 'Nkosi Fashion',
        country: 'South Africa',
        invoice_settings: settings(business),
      } as unknown as User);
    const fabric = { ...suit, name: 'Shweshwe fabric 1m', unit_price: 8_999 } as CatalogItem;
    const saVat = { ...vat, name: 'VAT 15%', percentage_bps: 1500, inclusive: true };
    const sell = () =>
      completeSale(
        [{ id: 'l1', item: fabric, quantity: 1 }],
        { contactId: null, discount: null, fees: [saVat], payments: [{ method: 'cash', amount: 8_999, tendered: 8_999 }] },
        'Walk-in',
      );
    thandi({ tax_id: '4530123456' });
    const sale = await sell();
    renderWithQueries(<SaleReceipt sale={sale} onNew={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Tax invoice ${sale.invoice.number}`);
    expect(screen.getByTestId('sale-receipt').textContent).toContain('VAT reg. no.: 4530123456');
    cleanup();
    thandi({});
    const plain = await sell();
    renderWithQueries(<SaleReceipt sale={plain} onNew={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Receipt ${plain.invoice.number}`);
  });
});
