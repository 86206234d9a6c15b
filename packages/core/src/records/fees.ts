import { findCountry } from '../constants/countries';
import type { Language } from '../constants/languages';
import { formatBps } from '../amounts/format';
import { bpsToPercentText } from '../rules';

/** A country's standard VAT as a new account gets it. */
export interface StandardVat {
  /** Basis points (750 = 7.5%). */
  rateBps: number;
  name: string;
  note?: string;
  /**
   * Whether the tax is inside the prices (t17 K1): where the law has consumer prices shown VAT included (Kenya: VAT
   * rules, prices to unregistered buyers are quoted with the tax included; South Africa: VAT Act s 65; Ghana; Ethiopia:
   * t18 T1), a new
   * business's VAT is inclusive, so a KSh210 shelf price sells for KSh210 with VAT 28.97 inside. Else added on top.
   */
  inclusive?: boolean;
  /** Levies charged beside the VAT on the same value (not on each other), on by default like the VAT. */
  levies?: Array<{ name: string; rateBps: number }>;
  /**
   * Where the law names a VAT-registered supplier's invoice (t22 T3, South Africa: VAT Act s 20(4) has it show the
   * words "Tax Invoice" and the supplier's VAT registration number, and the buyer's when it has one): a business with
   * a tax number gets the title 'TAX INVOICE' and its number, and its client's, labelled as VAT numbers.
   */
  taxInvoice?: boolean;
}

/**
 * Standard VAT rates used to seed a new account's fees, in basis points (750 = 7.5%).
 * Simplified to the headline standard rate of each country; reduced rates and exemptions are left to the user.
 */
export const STANDARD_VAT: Record<string, StandardVat> = {
  NG: { rateBps: 750, name: 'VAT' },
  KE: { rateBps: 1600, name: 'VAT', inclusive: true },
  GH: {
    rateBps: 1500,
    name: 'VAT',
    // t18 T1: Ghana's VAT law has a price advertised or quoted by a taxable person include the tax (an exclusive price
    // only beside the tax or the inclusive price, as prominently), so shelf prices carry the VAT and its levies.
    inclusive: true,
    // t17 G1: VAT Act, 2025 (Act 1151), from 1 January 2026: VAT 15% with the NHIL 2.5% and GETFund 2.5% levies,
    // each on the same value (no tax on tax: the COVID-19 levy is abolished, the levies are input-deductible again),
    // 20% in all.
    note: 'Ghana from 1 January 2026 (VAT Act, 2025, Act 1151): VAT 15% plus the NHIL 2.5% and GETFund 2.5% levies, each on the same value, 20% in all.',
    levies: [
      { name: 'NHIL', rateBps: 250 },
      { name: 'GETFund', rateBps: 250 },
    ],
  },
  ZA: { rateBps: 1500, name: 'VAT', inclusive: true, taxInvoice: true },
  UG: { rateBps: 1800, name: 'VAT' },
  TZ: { rateBps: 1800, name: 'VAT' },
  RW: { rateBps: 1800, name: 'VAT' },
  ZM: { rateBps: 1600, name: 'VAT' },
  // ZIMRA: the standard rate went from 15% to 15.5% on 1 January 2026 (Finance Act 2025, 2026 budget); t18 E3.
  ZW: { rateBps: 1550, name: 'VAT', note: 'Zimbabwe from 1 January 2026: VAT 15.5% (15% before).' },
  // t18 T1: Ethiopia's VAT law has a registrant state a consumer price with the 15% VAT in it (or say plainly that it is
  // not); a price stated without saying so is taken to include the VAT.
  ET: { rateBps: 1500, name: 'VAT', inclusive: true },
  CM: {
    rateBps: 1925,
    name: 'VAT',
    note: 'Cameroon: 17.5% VAT plus the 10% additional council tax (CAC) on it, 19.25% in all, charged as one rate.',
  },
};

/** The data of a fee to create (without id/versions); matches FeeData. */
export interface DefaultFee {
  name: string;
  kind: 'tax' | 'fee';
  calculation: 'percentage' | 'fixed';
  percentage_bps: number;
  amount: number;
  inclusive: boolean;
  default_on: boolean;
  subject_to_tax: boolean;
}

/** What VAT is called on an invoice in the owner's language (French: TVA, as in Cameroon and Rwanda). */
const VAT_NAME: Partial<Record<Language, string>> = { fr: 'TVA' };

/** A tax as seeded: 'VAT 16%', 'TVA 19,25 %' (a no-break space in French), on by default. */
function seededTax(name: string, rateBps: number, inclusive: boolean, language: Language | null | undefined): DefaultFee {
  return {
    name: `${name} ${formatBps(rateBps, language ?? 'en').replace(/\u202f/g, '\u00a0')}`,
    kind: 'tax',
    calculation: 'percentage',
    percentage_bps: rateBps,
    amount: 0,
    inclusive,
    default_on: true,
    subject_to_tax: false,
  };
}

/**
 * Fees to seed for a new account: the country's standard VAT (on by default; inside the prices where the law says
 * shelf prices include it, else added on top) and its levies, or none. The VAT comes first. Names and rates are
 * written in the owner's language (issue 23): 'VAT 19.25%' (en, sw), 'TVA 19,25 %' (fr, a no-break space).
 */
export function defaultFeesForCountry(country: string | null | undefined, language?: Language | null): DefaultFee[] {
  const code = country ? findCountry(country)?.code : undefined;
  const vat = code ? STANDARD_VAT[code] : undefined;
  if (!vat) return [];
  const inclusive = vat.inclusive ?? false;
  return [
    seededTax((language && VAT_NAME[language]) || vat.name, vat.rateBps, inclusive, language),
    ...(vat.levies ?? []).map((l) => seededTax(l.name, l.rateBps, inclusive, language)),
  ];
}

/**
 * The input tax rate an expense form starts with when the owner picks "Rate" (t19 N4: it was Kenya's 16% everywhere):
 * what a supplier in the business's country charges, the standard VAT plus its levies (Ghana 15% + NHIL 2.5% +
 * GETFund 2.5% = 20%, all input-deductible from 2026), in basis points; 0 where the country has no standard VAT here.
 */
export function defaultInputTaxBps(country: string | null | undefined): number {
  const code = country ? findCountry(country)?.code : undefined;
  const vat = code ? STANDARD_VAT[code] : undefined;
  if (!vat) return 0;
  return vat.rateBps + (vat.levies ?? []).reduce((sum, l) => sum + l.rateBps, 0);
}

/**
 * An account's default VAT as it was named before it was written in the owner's language (issue 23, verify27):
 * 'VAT 19.25%', or 'TVA 19.25%' for French owners from 23 Nov 2026. When `fee` still bears one of those names with
 * the country's rate, answers the name a new account gets today ('TVA 19,25 %' in French), else null (nothing to
 * rename: a name the owner chose, another rate, already today's name). A TVA is never turned into a VAT: an owner
 * who registered in French and reads English now keeps the French word.
 */
export function renamedDefaultFee(
  fee: { name: string; kind: string; calculation: string; percentage_bps: number },
  country: string | null | undefined,
  language: Language | null | undefined,
): string | null {
  const [today] = defaultFeesForCountry(country, language);
  if (!today || fee.kind !== today.kind || fee.calculation !== today.calculation || fee.percentage_bps !== today.percentage_bps) return null;
  const plain = `${bpsToPercentText(today.percentage_bps)}%`;
  if (fee.name !== `VAT ${plain}` && fee.name !== `TVA ${plain}`) return null;
  if (fee.name === today.name || (fee.name.startsWith('TVA ') && !today.name.startsWith('TVA '))) return null;
  return today.name;
}

/**
 * Whether a business's invoices are tax invoices by its country's law (STANDARD_VAT taxInvoice: titled 'TAX INVOICE',
 * tax numbers labelled as VAT numbers): only once it has a tax number (a VAT vendor), else a plain invoice.
 */
export function isTaxInvoiceIssuer(country: string | null | undefined, taxId: string | null | undefined): boolean {
  if (!taxId || !taxId.trim()) return false;
  return namesTaxInvoices(country);
}

/** Whether the country's law names a VAT vendor's invoice a tax invoice (STANDARD_VAT taxInvoice: South Africa). */
export function namesTaxInvoices(country: string | null | undefined): boolean {
  const code = country ? findCountry(country)?.code : undefined;
  return !!(code && STANDARD_VAT[code]?.taxInvoice);
}
