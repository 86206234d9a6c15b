/**
 * invoice_settings.payment_instructions is one text (SPEC §3). The form edits it as a bank account,
 * a mobile-money number and other notes, kept in the text as labelled lines so that invoices print
 * it as written and the form can read it back.
 */
export interface PaymentParts {
  bank: string;
  mobile: string;
  notes: string;
}

const BANK = 'Bank account:';
const MOBILE = 'Mobile money:';

export function composePayment({ bank, mobile, notes }: PaymentParts): string {
  const lines: string[] = [];
  if (bank.trim()) lines.push(`${BANK} ${bank.trim()}`);
  if (mobile.trim()) lines.push(`${MOBILE} ${mobile.trim()}`);
  if (notes.trim()) lines.push(notes.trim());
  return lines.join('\n');
}

export function parsePayment(text: string | undefined | null): PaymentParts {
  const out: PaymentParts = { bank: '', mobile: '', notes: '' };
  const rest: string[] = [];
  for (const line of (text ?? '').split('\n')) {
    if (!out.bank && line.startsWith(BANK)) out.bank = line.slice(BANK.length).trim();
    else if (!out.mobile && line.startsWith(MOBILE)) out.mobile = line.slice(MOBILE.length).trim();
    else rest.push(line);
  }
  out.notes = rest.join('\n').trim();
  return out;
}
