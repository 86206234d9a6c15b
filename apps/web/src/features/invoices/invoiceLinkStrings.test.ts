import { DOCUMENT_STRINGS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { INVOICE_LINK_STRINGS } from './invoiceLinkStrings';
import fr from './invoiceLinkStrings.fr';
import sw from './invoiceLinkStrings.sw';

// t23 X3: a Ghanaian customer read "VAT 15% (inclusive)" on the invoice page and "VAT 15% (included)" on its PDF.
describe('the public invoice page names a tax inside the price as its PDF does', () => {
  it.each([
    ['en', INVOICE_LINK_STRINGS.inclusive],
    ['fr', fr.strings.inclusive],
    ['sw', sw.strings.inclusive],
  ] as const)('%s', (language, word) => {
    expect(word).toBe(DOCUMENT_STRINGS[language].included);
  });
});
