import { describe, expect, it } from 'vitest';
import { businessIdNames, labelledId } from './id-names';

describe('the names of a business tax and registration numbers', () => {
  it('are the ones each country prints on its invoices', () => {
    expect(businessIdNames('Kenya')).toEqual({ taxId: 'KRA PIN', registration: null, registry: 'BRS' });
    expect(businessIdNames('Cameron')).toEqual({ taxId: 'NIU', registration: 'RCCM', registry: null });
    expect(businessIdNames('Zambia')).toMatchObject({ taxId: 'TPIN', registry: 'PACRA' });
    expect(businessIdNames('Rwanda')).toMatchObject({ taxId: 'TIN', registry: 'RDB' });
    expect(businessIdNames('Nigeria')).toEqual({ taxId: 'TIN', registration: 'RC no.', registry: 'CAC' });
    expect(businessIdNames('KE').taxId).toBe('KRA PIN');
  });

  it('leave the general words where no name is known (South Africa labels by VAT registration instead)', () => {
    expect(businessIdNames('South Africa')).toEqual({ taxId: null, registration: null, registry: 'CIPC' });
    expect(businessIdNames('France')).toEqual({ taxId: null, registration: null, registry: null });
    expect(businessIdNames('')).toEqual({ taxId: null, registration: null, registry: null });
    expect(businessIdNames(null)).toEqual({ taxId: null, registration: null, registry: null });
  });

  it('print a number with its name once, even when the owner typed the name in front of it', () => {
    expect(labelledId('KRA PIN', 'P051234567Q')).toBe('KRA PIN: P051234567Q');
    expect(labelledId('TIN', 'TIN 12345678-0001')).toBe('TIN 12345678-0001');
    expect(labelledId('TIN', 'tin: 999')).toBe('tin: 999');
    expect(labelledId('RC no.', 'RC 1234567')).toBe('RC 1234567');
    expect(labelledId('RCCM', 'RC/DLA/2020/B/1234')).toBe('RCCM: RC/DLA/2020/B/1234');
    expect(labelledId('TIN', 'TINA-77')).toBe('TIN: TINA-77');
  });
});
