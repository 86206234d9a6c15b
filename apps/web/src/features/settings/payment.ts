/**
 * invoice_settings.payment_instructions is one text (SPEC §3). The form edits it as a bank account,
 * a mobile-money number, the owner's M-Pesa till or paybill (Kenya) and other notes, kept in the text
 * as labelled lines so that invoices print it as written and the form can read it back. The M-Pesa
 * lines are worded as core's invoiceDefaults words the mpesa_till / mpesa_paybill settings.
 */
export interface PaymentParts {
  bank: string;
  mobile: string;
  till: string;
  paybill: string;
  account: string;
  notes: string;
}

const BANK = 'Bank account:';
const MOBILE = 'Mobile money:';
const TILL = 'M-Pesa Buy Goods till:';
const PAYBILL = 'M-Pesa Paybill:';
const ACCOUNT = ', account:';

export function composePayment({ bank, mobile, till, paybill, account, notes }: PaymentParts): string {
  const lines: string[] = [];
  if (bank.trim()) lines.push(`${BANK} ${bank.trim()}`);
  if (mobile.trim()) lines.push(`${MOBILE} ${mobile.trim()}`);
  if (till.trim()) lines.push(`${TILL} ${till.trim()}`);
  if (paybill.trim()) lines.push(`${PAYBILL} ${paybill.trim()}${account.trim() ? `${ACCOUNT} ${account.trim()}` : ''}`);
  if (notes.trim()) lines.push(notes.trim());
  return lines.join('\n');
}

export function parsePayment(text: string | undefined | null): PaymentParts {
  const out: PaymentParts = { bank: '', mobile: '', till: '', paybill: '', account: '', notes: '' };
  const rest: string[] = [];
  for (const line of (text ?? '').split('\n')) {
    if (!out.bank && line.startsWith(BANK)) out.bank = line.slice(BANK.length).trim();
    else if (!out.mobile && line.startsWith(MOBILE)) out.mobile = line.slice(MOBILE.length).trim();
    else if (!out.till && line.startsWith(TILL)) out.till = line.slice(TILL.length).trim();
    else if (!out.paybill && line.startsWith(PAYBILL)) {
      const [paybill, account = ''] = line.slice(PAYBILL.length).split(ACCOUNT);
      out.paybill = paybill.trim();
      out.account = account.trim();
    } else rest.push(line);
  }
  out.notes = rest.join('\n').trim();
  return out;
}
