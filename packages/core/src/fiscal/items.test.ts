import { describe, expect, it } from 'vitest';
import { catalogFields } from '../records';
import { fiscalDocument } from './bands';
import {
  catalogEtimsProblems,
  catalogFiscalItem,
  catalogItemType,
  DEFAULT_ITEM_CLASS,
  EtimsItemCodeError,
  etimsItemCode,
  fiscalErrorFix,
  fiscalFixKind,
  genericItemKey,
  genericItemName,
  genericItemOf,
  itemCodeChanged,
  itemRegistrationChanged,
  parseEtimsItemCode,
  TEST_CODE_LISTS,
} from './index';

describe('eTIMS item codes (OSCU saveItem, issue 26)', () => {
  it('are origin + product type + packaging unit + quantity unit + a 7-digit sequence', () => {
    expect(etimsItemCode({ origin: 'KE', type: '2', packaging_unit: 'NT', quantity_unit: 'U', sequence: 1 })).toBe('KE2NTU0000001');
    expect(etimsItemCode({ origin: 'ke', type: '1', packaging_unit: 'bg', quantity_unit: 'KG', sequence: 42 })).toBe('KE1BGKG0000042');
    expect(etimsItemCode({ origin: 'KE', type: '3', packaging_unit: 'NT', quantity_unit: 'U', sequence: 9_999_999 })).toBe('KE3NTU9999999');
    // The same parts always give the same code; another sequence another code.
    const parts = { origin: 'KE', type: '2', packaging_unit: 'NT', quantity_unit: 'BG', sequence: 7 } as const;
    expect(etimsItemCode(parts)).toBe(etimsItemCode({ ...parts }));
    expect(etimsItemCode({ ...parts, sequence: 8 })).not.toBe(etimsItemCode(parts));
    expect(parseEtimsItemCode('KE2NTBG0000007', 'BG')).toEqual(parts);
    expect(parseEtimsItemCode('KE2NTBG0000007', 'U')).toBeNull();
    expect(parseEtimsItemCode('not a code', 'U')).toBeNull();
  });

  it('refuses parts KRA cannot take, saying which', () => {
    const ok = { origin: 'KE', type: '2', packaging_unit: 'NT', quantity_unit: 'U', sequence: 1 } as const;
    expect(() => etimsItemCode({ ...ok, origin: 'Kenya' })).toThrow(EtimsItemCodeError);
    expect(() => etimsItemCode({ ...ok, type: '4' as never })).toThrow('The item type "4" is not 1, 2 or 3');
    expect(() => etimsItemCode({ ...ok, quantity_unit: 'a bag' })).toThrow('The quantity unit "a bag" is not a KRA quantity unit code');
    expect(() => etimsItemCode({ ...ok, sequence: 0 })).toThrow(/outside 1/);
    expect(() => etimsItemCode({ ...ok, sequence: 10_000_000 })).toThrow(/outside 1/);
    // 2 + 1 + 5 + 5 + 7 = 20: the longest units still fit KRA's CHAR(20).
    expect(etimsItemCode({ ...ok, packaging_unit: 'ABCDE', quantity_unit: 'FGHIJ' })).toHaveLength(20);
  });

  it('registers an item again when what KRA holds of it changed', () => {
    const item = { item_class: '5059690800', tax_band: 'B', name: 'Cement', quantity_unit: 'BG', packaging_unit: 'NT' } as const;
    expect(itemRegistrationChanged(item, { ...item })).toBe(false);
    expect(itemRegistrationChanged(item, { ...item, item_class: '3000000000' })).toBe(true);
    expect(itemRegistrationChanged(item, { ...item, tax_band: 'E' })).toBe(true);
    expect(itemRegistrationChanged(item, { ...item, name: 'Cement 50kg' })).toBe(true);
  });

  it('puts the catalog item and its code on the sale line; a typed line has none', () => {
    const vat = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: true };
    const doc = fiscalDocument(
      {
        id: 'i1',
        number: 'INV-1',
        issue_date: '2026-11-26',
        currency: 'KES',
        lines: [
          { id: 'l1', description: 'Cement', quantity: 2, unit_price: 116_000, fee_ids: ['vat'], catalog_id: 'c1' },
          { id: 'l2', description: 'Advice', quantity: 1, unit_price: 50_000 },
        ],
        fees: [vat],
      },
      {
        kind: 'sale',
        fiscal_sequence: 1,
        buyer: { name: 'Otieno', pin: null },
        items: new Map([['c1', { item_class: '5059690800', unit_code: 'BG', item_code: 'KE2NTBG0000001', packaging_unit: 'NT' }]]),
      },
    );
    expect(doc.lines[0]).toMatchObject({ catalog_id: 'c1', item_code: 'KE2NTBG0000001', packaging_unit: 'NT', unit_code: 'BG', band: 'B' });
    expect(doc.lines[1].item_code).toBeUndefined();
    expect(doc.total).toBe(282_000);
  });

  it("says what to fix when an item is refused: the catalog item's class and unit", () => {
    expect(fiscalErrorFix('item:910')).toBe("Check the catalog item's KRA item classification and unit, then send again.");
    expect(fiscalErrorFix('item', true)).toMatch(/TEST MODE \(nothing is sent to KRA\)/);
  });
});

describe('generic eTIMS items of lines without a catalog item (issue 26)', () => {
  it('one per product type, class, unit and band: a typed line is a finished product, a fee a service', () => {
    const doc = fiscalDocument(
      {
        id: 'i',
        number: 'INV-1',
        issue_date: '2026-11-26',
        currency: 'KES',
        lines: [
          { id: 'a', description: 'Advice', quantity: 1, unit_price: 50_000 },
          { id: 'b', description: 'Nails', quantity: 2, unit_price: 1_000 },
        ],
        fees: [{ id: 'f', name: 'Delivery', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 30_000, inclusive: false }],
        fee_ids: ['f'],
      },
      { kind: 'sale', fiscal_sequence: 1, buyer: { name: 'X', pin: null } },
    );
    const [advice, nails, delivery] = doc.lines.map(genericItemOf);
    expect(advice).toEqual({ item_type: '2', item_class: DEFAULT_ITEM_CLASS, quantity_unit: 'U', tax_band: 'D' });
    expect(genericItemKey(nails)).toBe(genericItemKey(advice));
    expect(delivery).toEqual({ item_type: '3', item_class: DEFAULT_ITEM_CLASS, quantity_unit: 'U', tax_band: 'D' });
    expect(genericItemKey(delivery)).not.toBe(genericItemKey(advice));
    expect(genericItemOf({ ...doc.lines[0], band: 'B', unit_code: ' kg ' })).toMatchObject({ quantity_unit: 'KG', tax_band: 'B' });
    expect(genericItemName(advice)).toBe('Other items (U, tax D)');
    expect(genericItemName(delivery)).toBe('Fees and charges (U, tax D)');
  });

  it('a deleted item is registered again as not in use', () => {
    const item = { item_class: '5059690800', tax_band: 'B', name: 'Cement', quantity_unit: 'BG', packaging_unit: 'NT' } as const;
    expect(itemRegistrationChanged(item, { ...item, in_use: true })).toBe(false);
    expect(itemRegistrationChanged(item, { ...item, in_use: false })).toBe(true);
  });
});

describe("a catalog item's eTIMS type and packaging, chosen by the owner (issue 26)", () => {
  it('defaults to a service for service units (en/fr/sw), else a finished product; the choice wins', () => {
    for (const unit of ['hour', 'Day', ' service ', 'heure', 'prestation', 'saa', 'huduma', 'session'])
      expect(catalogItemType({ item_type: '', unit })).toBe('3');
    for (const unit of ['piece', 'kg', 'bag', 'sac', '', null]) expect(catalogItemType({ item_type: '', unit })).toBe('2');
    expect(catalogItemType({ item_type: '1', unit: 'hour' })).toBe('1');
    expect(catalogItemType({ item_type: '2', unit: 'service' })).toBe('2');
  });

  it('is registered with the chosen class, type and units, or the defaults (NT, U)', () => {
    expect(catalogFiscalItem({ name: 'Haircut', unit_price: 50_000, unit: 'service', item_class: '', unit_code: '' }, 'KE', 'B')).toEqual({
      item_class: DEFAULT_ITEM_CLASS,
      item_type: '3',
      name: 'Haircut',
      origin: 'KE',
      packaging_unit: 'NT',
      quantity_unit: 'U',
      tax_band: 'B',
      unit_price: 50_000,
    });
    const flour = catalogFiscalItem(
      { name: 'Flour', unit_price: 1, unit: 'bag', item_class: '5000000000', unit_code: 'kg', item_type: '1', packaging_unit: 'bg' },
      'KE',
      'C',
    );
    expect(flour).toMatchObject({ item_class: '5000000000', item_type: '1', packaging_unit: 'BG', quantity_unit: 'KG' });
    // The code holds type and units: changing them takes a new code; the class or name is an update under the same code.
    expect(itemCodeChanged(flour, { ...flour, item_type: '2' })).toBe(true);
    expect(itemCodeChanged(flour, { ...flour, packaging_unit: 'NT' })).toBe(true);
    const renamed = { ...flour, item_class: '1000000000', name: 'Maize flour' };
    expect(itemCodeChanged(flour, renamed)).toBe(false);
  });

  it('is checked: the record schema takes only KRA-shaped values; the form wants a class from the lists', () => {
    const base = {
      name: 'X',
      description: '',
      unit_price: 1,
      unit: 'piece',
      sku: '',
      active: true,
      barcode: '',
      track_stock: false,
      low_stock_level: null,
      cost_price: 0,
      item_class: '',
      unit_code: '',
    };
    expect(catalogFields.safeParse({ ...base, item_type: '3', packaging_unit: 'NT' }).success).toBe(true);
    expect(catalogFields.safeParse({ ...base, item_type: '', packaging_unit: '' }).success).toBe(true);
    const bad = catalogFields.safeParse({ ...base, item_type: '4', packaging_unit: 'a bag' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['item_type', 'Choose the item type: 1 raw material, 2 finished product or 3 service'],
      ['packaging_unit', 'Choose the packaging unit from the KRA list, e.g. NT'],
    ]);
    expect(catalogEtimsProblems({ item_class: '', item_type: '', packaging_unit: '', unit_code: '' }, TEST_CODE_LISTS)).toEqual({
      item_class: 'item_class_required',
    });
    // TEST MODE: optional (the generic class meanwhile).
    expect(catalogEtimsProblems({ item_class: '', item_type: '', packaging_unit: '', unit_code: '' }, TEST_CODE_LISTS, { classRequired: false })).toEqual({});
    expect(catalogEtimsProblems({ item_class: '9999999999', item_type: '7', packaging_unit: 'ZZ', unit_code: 'QQ' }, TEST_CODE_LISTS)).toEqual({
      item_class: 'item_class_unknown',
      item_type: 'item_type_unknown',
      packaging_unit: 'packaging_unit_unknown',
      unit_code: 'unit_code_unknown',
    });
    expect(catalogEtimsProblems({ item_class: '5000000000', item_type: '3', packaging_unit: 'BX', unit_code: 'KG' }, TEST_CODE_LISTS)).toEqual({});
  });
});

describe('what to fix when KRA refuses an item (issue 26)', () => {
  it('a catalog item is fixed on the catalog; the generic item of typed lines and fees on the invoice', () => {
    expect(fiscalFixKind('item:910')).toBe('item');
    expect(fiscalFixKind('generic:910')).toBe('generic_item');
    expect(fiscalFixKind('authority:999')).toBe('other');
    expect(fiscalFixKind('buyer_pin')).toBe('buyer_pin');
    expect(fiscalErrorFix('generic:910')).toMatch(
      /^The refused item is the one Duka sends for lines typed on the invoice and for fees\. Edit the invoice: .*then send again\.$/,
    );
    expect(fiscalErrorFix('generic:910')).not.toBe(fiscalErrorFix('item:910'));
    expect(fiscalErrorFix('generic:910', true)).toMatch(/sign it again in TEST MODE \(nothing is sent to KRA\)\.$/);
    expect(fiscalErrorFix('generic:910', true).replace('(nothing is sent to KRA)', '')).not.toMatch(/KRA/);
  });
});
