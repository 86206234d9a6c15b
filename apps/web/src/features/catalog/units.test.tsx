import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { buildPreview } from '../../ui/csv/importer';
import { useUnitWords } from './units';

afterEach(() => setLanguage('en'));

describe('catalog units typed in the owner’s words', () => {
  it('are stored as core’s words in any case, from the screen’s language or English; an own unit as typed', async () => {
    await setLanguage('fr');
    const { result } = renderHook(() => useUnitWords());
    const { stored } = result.current;
    expect(['pièce', 'Pièce', ' CARTON ', 'piece', 'Kg'].map(stored)).toEqual(['piece', 'piece', 'box', 'piece', 'kg']);
    expect(stored('sac 50 kg')).toBe('sac 50 kg');
  });

  it('a French catalog CSV imports "Pièce" and "carton" as core’s words (the list passes them to the importer)', async () => {
    await setLanguage('fr');
    const { result } = renderHook(() => useUnitWords());
    const rows = buildPreview(
      'catalogs',
      [
        { name: 'Savon noir', unit_price: '500', unit: 'Pièce', description: '', sku: '' },
        { name: 'Crème karité', unit_price: '2500', unit: 'carton', description: '', sku: '' },
        { name: 'Riz', unit_price: '18000', unit: 'sac 50 kg', description: '', sku: '' },
      ],
      new Set(),
      { currency: 'XAF', country: 'Cameron', unit: result.current.stored },
    );
    expect(rows.map((r) => (r.result.ok ? r.result.data.unit : r.result))).toEqual(['piece', 'box', 'sac 50 kg']);
  });
});
