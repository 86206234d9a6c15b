import { findCountry } from '../constants/countries';
import type { Language } from '../constants/languages';
import { labelled } from '../language/documents';

/**
 * What a country's businesses call their tax number and their company registration number, as their invoices print
 * them: a Kenyan invoice shows the seller's "KRA PIN", a Cameroonian one its "NIU" and "RCCM", a Zambian one its
 * "TPIN", a Nigerian one its "RC" number. Official acronyms, the same in every language of the product. A country not
 * here (or a name it does not give) keeps the general words ("Tax ID", or "VAT reg. no." on a South African tax
 * invoice; "Reg. no.").
 */
const ID_NAMES: Record<string, { taxId?: string; registration?: string; registry?: string }> = {
  KE: { taxId: 'KRA PIN', registry: 'BRS' },
  NG: { taxId: 'TIN', registration: 'RC no.', registry: 'CAC' },
  GH: { taxId: 'TIN', registry: 'ORC' },
  UG: { taxId: 'TIN', registry: 'URSB' },
  TZ: { taxId: 'TIN', registry: 'BRELA' },
  RW: { taxId: 'TIN', registry: 'RDB' },
  ZM: { taxId: 'TPIN', registry: 'PACRA' },
  ZW: { taxId: 'TIN' },
  ET: { taxId: 'TIN' },
  CM: { taxId: 'NIU', registration: 'RCCM' },
  ZA: { registry: 'CIPC' },
};

export interface BusinessIdNames {
  /** The tax number's name in the business's country, or null (the general words apply). */
  taxId: string | null;
  /** The company registration number's name, or null. */
  registration: string | null;
  /** The acronym of the office that registers the country's companies and business names (Rwanda's RDB), or null. */
  registry: string | null;
}

/** The names of a business's tax and registration numbers in its country (a country name or code). */
export function businessIdNames(country: string | null | undefined): BusinessIdNames {
  const code = country ? findCountry(country)?.code : undefined;
  const names = code ? ID_NAMES[code] : undefined;
  return { taxId: names?.taxId ?? null, registration: names?.registration ?? null, registry: names?.registry ?? null };
}

/**
 * "KRA PIN: P051234567Q" ("NIU : M0123…" in French, core's labelled); a number the owner typed with its name already in
 * front ("TIN 1234-0001", "RC 1234567") is printed as typed, not as "TIN: TIN 1234-0001".
 */
export function labelledId(label: string, value: string, language: Language = 'en'): string {
  const name = label.replace(/\s*no\.$/i, '').toLowerCase();
  const typed = value.trim().toLowerCase();
  return typed.startsWith(name) && !/^[a-z0-9]/.test(typed.slice(name.length)) ? value.trim() : labelled(language, label, value);
}
