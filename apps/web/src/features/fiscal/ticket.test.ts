import { describe, expect, it } from 'vitest';
import { fiscalTicketLines } from './ticket';
import { FISCAL_STRINGS } from './strings';

const t = (k: string) => String((FISCAL_STRINGS as Record<string, unknown>)[k] ?? k);
const view = {
  state: 'fiscalised' as const,
  test: false,
  control_unit_id: 'KRACU0100000001',
  fiscal_number: '12',
  receipt_label: '12/12 NS',
  internal_data: 'ABCDEFGHIJKL',
  signature: 'WXYZ1234',
  fiscal_datetime: '2026-11-27T02:33:02+03:00',
  qr_text: '27112026#023302#KRACU0100000001#12/12 NS#ABCDEFGHIJKL#WXYZ1234',
  error: null,
  attempts: 1,
};

describe('the fiscal block of a printed counter receipt (issue 26 F7)', () => {
  it('prints the KRA number, receipt label, internal data and signature in groups of four once signed', () => {
    const lines = fiscalTicketLines(view, t);
    expect(lines.slice(0, 5)).toEqual([
      'Fiscalised with KRA',
      'Control unit: KRACU0100000001',
      'Fiscal number: 12 · Receipt 12/12 NS',
      'Internal data: ABCD-EFGH-IJKL',
      'Signature: WXYZ-1234',
    ]);
    expect(lines[5]).toMatch(/^Date and time: /);
  });
  it('says TEST MODE when the test unit signed it, and prints nothing before it is signed', () => {
    expect(fiscalTicketLines({ ...view, test: true }, t)[0]).toBe('Signed in TEST MODE (not sent to KRA)');
    expect(fiscalTicketLines({ ...view, state: 'provisional' }, t)).toEqual([]);
    expect(fiscalTicketLines(null, t)).toEqual([]);
  });
});
