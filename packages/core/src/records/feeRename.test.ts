import { describe, expect, it } from 'vitest';
import { renamedDefaultFee } from './fees';

// Issue 23 (verify27): Cameroonian accounts made before the default VAT was named in the owner's language.
const vat = (name: string, percentage_bps = 1925) => ({ name, kind: 'tax', calculation: 'percentage', percentage_bps });

describe('renamedDefaultFee', () => {
  it('gives a French owner’s untouched default VAT today’s name', () => {
    expect(renamedDefaultFee(vat('TVA 19.25%'), 'Cameron', 'fr')).toBe('TVA 19,25\u00a0%');
    expect(renamedDefaultFee(vat('VAT 19.25%'), 'Cameroon', 'fr')).toBe('TVA 19,25\u00a0%');
    expect(renamedDefaultFee(vat('TVA 18%', 1800), 'Rwanda', 'fr')).toBe('TVA 18\u00a0%');
  });
  it('leaves what needs no change or was not the default', () => {
    // Already today's name (en, sw: VAT 19.25%; a French account made since).
    expect(renamedDefaultFee(vat('VAT 19.25%'), 'Cameron', 'en')).toBeNull();
    expect(renamedDefaultFee(vat('VAT 19.25%'), 'Cameron', 'sw')).toBeNull();
    expect(renamedDefaultFee(vat('TVA 19,25\u00a0%'), 'Cameron', 'fr')).toBeNull();
    // A TVA is not turned into a VAT for an owner who reads English now.
    expect(renamedDefaultFee(vat('TVA 19.25%'), 'Cameron', 'en')).toBeNull();
    // Names, rates and kinds the owner chose.
    expect(renamedDefaultFee(vat('TVA + CAC'), 'Cameron', 'fr')).toBeNull();
    expect(renamedDefaultFee(vat('TVA 19.25%', 1750), 'Cameron', 'fr')).toBeNull();
    expect(renamedDefaultFee({ ...vat('TVA 19.25%'), kind: 'fee' }, 'Cameron', 'fr')).toBeNull();
    expect(renamedDefaultFee(vat('TVA 19.25%'), 'United States', 'fr')).toBeNull();
  });
});
