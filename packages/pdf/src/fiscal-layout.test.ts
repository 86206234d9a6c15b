import type { CustomerLanguage } from '@duka/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutFiscalBlock, type FiscalLayout, type PdfFiscal } from './fiscal';

// Issue 26 F6 / F3: in French and Swahili the heading ran over the QR code on the A5 receipt and the credit note's
// label ran under its value. The boxes come from the fonts' own widths, and none may cross another.
type Fonts = Parameters<typeof layoutFiscalBlock>[0];
let fonts: Fonts;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
});

const base: PdfFiscal = {
  state: 'fiscalised',
  test: false,
  control_unit_id: 'KRACU0100000001',
  fiscal_number: '500',
  receipt_label: '101/500 NS',
  internal_data: 'EAHSAV6ECUUXSY6PCCJYAUP6MI',
  signature: 'QUII27MATATSHFRB',
  fiscal_datetime: '2026-11-25T09:30:15.000Z',
  qr_text: '25112026#123015#KRACU0100000001#101/500 NS#EAHSAV6ECUUXSY6PCCJYAUP6MI#QUII27MATATSHFRB',
  buyer_pin: 'P051234567Q',
};
const A5_WIDTH = 419.53 - 2 * 36;
const A4_WIDTH = 595.28 - 2 * 48;

/** A line's ink box: Helvetica rises 0.72 of the size above the baseline and falls 0.21 below it. */
const box = (t: FiscalLayout['texts'][number]) => ({ left: t.x, right: t.x + t.width, bottom: t.y - 0.21 * t.size, top: t.y + 0.72 * t.size });
type Box = ReturnType<typeof box>;
const crosses = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;

function problems(layout: FiscalLayout, x: number, top: number, width: number): string[] {
  const out: string[] = [];
  const boxes = layout.texts.map((t) => ({ t, b: box(t) }));
  for (const { t, b } of boxes) {
    if (b.left < x - 0.01 || b.right > x + width + 0.01) out.push(`"${t.text}" leaves the block`);
    if (b.top > top + 0.01 || b.bottom < top - layout.height) out.push(`"${t.text}" is outside the height given`);
    if (layout.qr) {
      const q = { left: layout.qr.x - 4, right: layout.qr.x + layout.qr.size, bottom: layout.qr.y, top: layout.qr.y + layout.qr.size };
      if (crosses(b, q)) out.push(`"${t.text}" runs into the QR code`);
    }
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (crosses(boxes[i].b, boxes[j].b)) out.push(`"${boxes[i].t.text}" overlaps "${boxes[j].t.text}"`);
  return out;
}

const cases: Array<[string, PdfFiscal]> = [
  ['a sale', base],
  ['a TEST MODE sale', { ...base, test: true }],
  ['a credit note', { ...base, credit_note: true, credits_fiscal_number: '499' }],
  ['a TEST MODE credit note', { ...base, test: true, credit_note: true, credits_fiscal_number: '499' }],
  [
    'very long values',
    {
      ...base,
      test: true,
      credit_note: true,
      control_unit_id: 'KRACU0100000001KRACU0100000001KRACU0100000001',
      receipt_label: '123456789/123456789 NC',
      internal_data: 'EAHSAV6ECUUXSY6PCCJYAUP6MIEAHSAV6ECUUXSY6PCCJYAUP6MI',
      signature: 'QUII27MATATSHFRBQUII27MATATSHFRB',
      credits_fiscal_number: '1234567890123',
    },
  ],
  ['awaiting the authority', { state: 'provisional', test: true }],
  ['refused', { state: 'fiscal_error', test: false }],
];

describe('fiscal block layout: no text crosses other text or the QR code (issue 26 F6, F3)', () => {
  for (const language of ['en', 'fr', 'sw'] as CustomerLanguage[])
    for (const [name, f] of cases)
      for (const [page, width] of [
        ['A5 receipt', A5_WIDTH],
        ['A4 invoice', A4_WIDTH],
      ] as const)
        it(`${language}, ${name}, ${page}`, () => {
          const layout = layoutFiscalBlock(fonts, f, 36, 300, width, language);
          expect(layout.texts.length).toBeGreaterThan(0);
          expect(problems(layout, 36, 300, width)).toEqual([]);
        });

  it('wraps the French and Swahili TEST MODE heading left of the QR code on the A5 receipt (the F6 case)', () => {
    for (const language of ['fr', 'sw'] as CustomerLanguage[]) {
      const layout = layoutFiscalBlock(fonts, { ...base, test: true }, 36, 300, A5_WIDTH, language);
      const heading = layout.texts.filter((t) => t.style === 'heading');
      expect(heading.length).toBeGreaterThan(1);
      for (const t of heading) expect(t.x + t.width).toBeLessThan(layout.qr!.x);
    }
  });

  it('gives the Swahili credit-note label its own column, wrapped, before its value (the F3 case)', () => {
    const layout = layoutFiscalBlock(fonts, { ...base, credit_note: true, credits_fiscal_number: '1' }, 36, 300, A5_WIDTH, 'sw');
    const label = layout.texts.filter((t) => t.style === 'label' && 'Inarekebisha namba ya kodi'.includes(t.text));
    const value = layout.texts.find((t) => t.style === 'value' && t.text === '1')!;
    expect(label.map((t) => t.text).join(' ')).toBe('Inarekebisha namba ya kodi');
    for (const t of label) expect(t.x + t.width).toBeLessThan(value.x);
  });

  it('the checker itself finds a heading drawn over the QR code', () => {
    const layout = layoutFiscalBlock(fonts, { ...base, test: true }, 36, 300, A5_WIDTH, 'fr');
    const bad = { ...layout, texts: [...layout.texts, { ...layout.texts[1], text: 'x', x: layout.qr!.x + 10, width: 20 }] };
    expect(problems(bad, 36, 300, A5_WIDTH).some((p) => p.includes('QR'))).toBe(true);
  });
});
