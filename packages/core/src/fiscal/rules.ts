import { sameJson } from '../canonical';
import type { FiscalState } from './types';

/** What a fiscalised invoice keeps as it was signed: every field printed on the tax invoice. */
export const FISCAL_LOCKED_FIELDS = [
  'number',
  'contact_id',
  'issue_date',
  'currency',
  'lines',
  'fees',
  'fee_ids',
  'discount',
  'notes',
  'terms',
  'kind',
] as const;

export const FISCAL_IMMUTABLE_MESSAGE =
  'This invoice was fiscalised with KRA and can no longer be changed. Make a credit note for it, then a new invoice if needed.';

export const FISCAL_IN_FLIGHT_MESSAGE = 'This invoice is being sent to KRA and cannot be changed now. Try again in a minute.';

/** The same in TEST MODE: Duka's test unit signed it and nothing went to KRA, so no word says KRA has it. */
export const FISCAL_IMMUTABLE_TEST_MESSAGE =
  'This invoice was signed in TEST MODE (not sent to KRA) and is kept as signed. Make a credit note for it, then a new invoice if needed.';

export const FISCAL_IN_FLIGHT_TEST_MESSAGE = 'This invoice is being signed in TEST MODE (not sent to KRA) and cannot be changed now. Try again in a minute.';

/**
 * Why the owner can no longer edit or void a document, from its fiscal state: signed (make a credit note instead)
 * or on its way to the authority (wait); null while it may change. The server answers the same words with its 409.
 * `test`: signed by the TEST MODE unit, so the words say nothing went to KRA.
 */
export function fiscalLockMessage(state: string | null | undefined, test = false): string | null {
  if (state === 'fiscalised') return test ? FISCAL_IMMUTABLE_TEST_MESSAGE : FISCAL_IMMUTABLE_MESSAGE;
  if (state === 'submitting') return test ? FISCAL_IN_FLIGHT_TEST_MESSAGE : FISCAL_IN_FLIGHT_MESSAGE;
  return null;
}

/**
 * The locked fields an edit of a fiscalised invoice would change (empty: the edit may go on, e.g. a payment).
 * Voiding is a change too: a fiscalised sale is reversed by a credit note.
 */
export function fiscalLockedChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changed: string[] = FISCAL_LOCKED_FIELDS.filter((k) => k in after && !sameJson(before[k], after[k]));
  if (!before.voided_at && after.voided_at) changed.push('voided_at');
  return changed;
}

/** Whether an invoice is waiting for the authority: what the owner's view and the documents show. */
export function fiscalStatusKey(state: FiscalState | null | undefined): 'awaiting' | 'fiscalised' | 'error' | null {
  if (!state) return null;
  return state === 'provisional' ? 'awaiting' : state === 'fiscalised' ? 'fiscalised' : 'error';
}

/** Retry back-off while the authority is down: 30 s doubling to at most an hour. */
export function fiscalRetryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

/** Where a fiscal_error came from, as the owner fixes it (the web shows its own words for each, in the owner's language). */
export type FiscalFixKind = 'buyer_pin' | 'tax_band' | 'original' | 'item' | 'generic_item' | 'settings' | 'device' | 'other';

/**
 * The kind of fix a fiscal_error code asks for: 'item:…' a catalog item the authority refused; 'generic:…' the item
 * Duka registers for lines typed on the invoice and for fees (they have no catalog item of their own).
 */
export function fiscalFixKind(code: string | null | undefined): FiscalFixKind {
  if (code === 'buyer_pin' || code === 'tax_band' || code === 'original' || code === 'settings' || code === 'device') return code;
  if (code === 'item' || code?.startsWith('item:')) return 'item';
  if (code === 'generic' || code?.startsWith('generic:')) return 'generic_item';
  return 'other';
}

const FIXES: Record<FiscalFixKind, [string, string]> = {
  buyer_pin: ["Correct the client's KRA PIN (a letter, 9 digits, a letter) or clear it, then send again.", ''],
  tax_band: ['Give each line one tax KRA knows (VAT 16%, 8%, 0% or exempt), or none, with a credit note and a new invoice if needed.', ''],
  original: ['The invoice this credit note reverses is not fiscalised yet: fix that invoice first.', ''],
  item: [
    "Check the catalog item's KRA item classification and unit, then send again.",
    "Check the catalog item's KRA item classification and unit, then sign it again in TEST MODE (nothing is sent to KRA).",
  ],
  generic_item: [
    "The refused item is the one Duka sends for lines typed on the invoice and for fees. Edit the invoice: add that line's goods or service to your catalog with its KRA item classification, type and unit, choose it from the catalog instead of typing it, check each fee's tax, then send again.",
    "The refused item is the one Duka sends for lines typed on the invoice and for fees. Edit the invoice: add that line's goods or service to your catalog with its item classification, type and unit, choose it from the catalog instead of typing it, check each fee's tax, then sign it again in TEST MODE (nothing is sent to KRA).",
  ],
  settings: ['Check the eTIMS settings (PIN, branch and device serial) in Settings, then send again.', ''],
  device: [
    'This document was numbered for another KRA device than the one connected now. Connect that device again in Settings → KRA eTIMS, then send again; if the device is gone for good, contact Duka support.',
    '',
  ],
  other: [
    'Check the message from KRA, correct the invoice or the eTIMS settings, then send again.',
    'Check the message, correct the invoice, then sign it again in TEST MODE (nothing is sent to KRA).',
  ],
};

/**
 * What an owner does about a fiscal_error, by where it came from (the error code the server keeps).
 * `test`: the TEST MODE unit refused it (nothing went to KRA).
 */
export function fiscalErrorFix(code: string | null | undefined, test = false): string {
  const [real, inTest] = FIXES[fiscalFixKind(code)];
  return (test && inTest) || real;
}

/**
 * The tax authorities Duka connects to, and the country each one serves (issue 26): a business connects only the
 * authority of its own country (F8). Rwanda EBM, Zambia Smart Invoice… join here as adapters (docs/fiscal.md).
 */
export const FISCAL_AUTHORITIES = { etims: { country: 'Kenya', name: 'KRA eTIMS' } } as const;
export type FiscalAuthority = keyof typeof FISCAL_AUTHORITIES;

const sameCountry = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();

/** The tax authority of a business's country, or null where Duka connects none. */
export function fiscalAuthorityOf(country: string | null | undefined): FiscalAuthority | null {
  for (const [id, a] of Object.entries(FISCAL_AUTHORITIES)) if (sameCountry(country, a.country)) return id as FiscalAuthority;
  return null;
}

/** Why a business may not connect an authority (another country's system), or null when it may. */
export function fiscalCountryRefusal(authority: FiscalAuthority, country: string | null | undefined): string | null {
  const a = FISCAL_AUTHORITIES[authority];
  if (sameCountry(country, a.country)) return null;
  const where = (country ?? '').trim() ? `This business is in ${(country ?? '').trim()}` : 'This business has no country set';
  return `${a.name} is for businesses in ${a.country} only. ${where}: if that is wrong, change the country in Settings → Invoice settings first.`;
}

/**
 * Whether a business's invoices go to the tax authority: a business in a country whose authority Duka connects
 * (Kenya: TEST MODE until it has its own eTIMS settings or the server's). Settings of another country's authority
 * never make a business fiscalise (they are refused when saved; one left from before a change of country is idle).
 */
export function businessFiscalises(country: string | null | undefined): boolean {
  return fiscalAuthorityOf(country) !== null;
}

/** The fields of a document that decide whether it is sent to the authority. */
export interface FiscalCandidate {
  kind?: string | null;
  voided_at?: string | null;
  finished_at?: string | null;
  sent_at?: string | null;
  credited_invoice_id?: string | null;
}

/**
 * What a document goes to the authority as, once stored on the server of a business that fiscalises: a finished
 * or sent invoice, and every counter sale, as a sale (NS), a credit note as NC (when the invoice it credits went too); null: not sent (a draft,
 * a quote, a void document). The device shows "Awaiting KRA" by the same rule before it has synced.
 */
export function fiscalKindOf(doc: FiscalCandidate): 'sale' | 'credit_note' | null {
  if (doc.voided_at) return null;
  // A counter sale (issue 28) is a tax invoice handed over as it is made: sent to the authority like an invoice.
  if (doc.kind === 'invoice' || doc.kind === 'sale') return doc.finished_at || doc.sent_at ? 'sale' : null;
  if (doc.kind === 'credit_note') return typeof doc.credited_invoice_id === 'string' && doc.credited_invoice_id ? 'credit_note' : null;
  return null;
}
