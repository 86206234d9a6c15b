import type { FiscalFailure, TaxBand } from './types';

/**
 * KRA eTIMS item registration (issue 26, OSCU `saveItem`): every item a sale names is registered first, under an
 * item code the taxpayer builds: country of origin (2 letters) + product type (1 digit) + packaging unit + quantity
 * unit + a 7-digit sequence, e.g. "KE2NTU0000001" (made in Kenya, finished product, net/no packaging, pieces, the
 * branch's first item). The server allocates the sequence per business branch, so a code is never given twice.
 */

/** eTIMS item types (code list 24): raw material, finished product, service. */
export const ETIMS_ITEM_TYPES = { raw_material: '1', finished_product: '2', service: '3' } as const;
export type EtimsItemType = (typeof ETIMS_ITEM_TYPES)[keyof typeof ETIMS_ITEM_TYPES];
/** Packaging unit of an item sold loose or unpackaged (code list 17 "NT", net). */
export const DEFAULT_PACKAGING_UNIT = 'NT';
/** Quantity unit when the catalog item has none (code list 10 "U", pieces/item). */
export const DEFAULT_QUANTITY_UNIT = 'U';
export const ITEM_SEQUENCE_MAX = 9_999_999;
/** eTIMS itemCd is CHAR(20). */
export const ITEM_CODE_MAX_LENGTH = 20;

export interface EtimsItemCodeParts {
  /** ISO 3166-1 alpha-2 country of origin, e.g. KE. */
  origin: string;
  type: EtimsItemType;
  packaging_unit: string;
  quantity_unit: string;
  /** The branch's item sequence, 1 … 9,999,999. */
  sequence: number;
}

export class EtimsItemCodeError extends Error {}

/** The eTIMS item code of an item: deterministic from its parts; throws EtimsItemCodeError for parts KRA cannot take. */
export function etimsItemCode(p: EtimsItemCodeParts): string {
  const origin = p.origin.trim().toUpperCase();
  const pkg = p.packaging_unit.trim().toUpperCase();
  const unit = p.quantity_unit.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(origin)) throw new EtimsItemCodeError(`The country of origin "${p.origin}" is not a 2-letter country code`);
  if (!(Object.values(ETIMS_ITEM_TYPES) as string[]).includes(p.type)) throw new EtimsItemCodeError(`The item type "${p.type}" is not 1, 2 or 3`);
  if (!/^[A-Z0-9]{1,5}$/.test(pkg)) throw new EtimsItemCodeError(`The packaging unit "${p.packaging_unit}" is not a KRA packaging unit code`);
  if (!/^[A-Z0-9]{1,5}$/.test(unit)) throw new EtimsItemCodeError(`The quantity unit "${p.quantity_unit}" is not a KRA quantity unit code`);
  if (!Number.isInteger(p.sequence) || p.sequence < 1 || p.sequence > ITEM_SEQUENCE_MAX)
    throw new EtimsItemCodeError(`The item sequence ${p.sequence} is outside 1 … ${ITEM_SEQUENCE_MAX}`);
  const code = `${origin}${p.type}${pkg}${unit}${String(p.sequence).padStart(7, '0')}`;
  if (code.length > ITEM_CODE_MAX_LENGTH) throw new EtimsItemCodeError(`The item code ${code} is longer than ${ITEM_CODE_MAX_LENGTH} characters`);
  return code;
}

/** Reads an item code back into its parts (null when it is not one), given the quantity unit it was built with. */
export function parseEtimsItemCode(code: string, quantityUnit: string): EtimsItemCodeParts | null {
  const unit = quantityUnit.trim().toUpperCase();
  const m = /^([A-Z]{2})([123])([A-Z0-9]+)(\d{7})$/.exec(code);
  if (!m || !m[3].endsWith(unit) || m[3].length === unit.length) return null;
  return {
    origin: m[1],
    type: m[2] as EtimsItemType,
    packaging_unit: m[3].slice(0, m[3].length - unit.length),
    quantity_unit: unit,
    sequence: Number(m[4]),
  };
}

/** What a control unit registers for one catalog item (eTIMS ItemSaveReq, in Duka's words). */
export interface FiscalItem {
  item_code: string;
  item_class: string;
  item_type: EtimsItemType;
  name: string;
  origin: string;
  packaging_unit: string;
  quantity_unit: string;
  tax_band: TaxBand;
  /** Minor units, tax included, as the item is priced. */
  unit_price: number;
}

/** Where a catalog item stands with the authority: registered, waiting (not yet, or the authority was down), refused. */
export const FISCAL_ITEM_STATES = ['pending', 'registered', 'error'] as const;
export type FiscalItemState = (typeof FISCAL_ITEM_STATES)[number];

/** The unit's answer to a registration: like `fiscalise`, a failure is an answer, never a throw. */
export type FiscalItemOutcome = { ok: true } | { ok: false; failure: FiscalFailure };

/** Whether an item registered with `registered` must be sent again for `wanted` (saveItem updates it, same code). */
export function itemRegistrationChanged(
  registered: Pick<FiscalItem, 'item_class' | 'tax_band' | 'name' | 'quantity_unit' | 'packaging_unit'>,
  wanted: Pick<FiscalItem, 'item_class' | 'tax_band' | 'name' | 'quantity_unit' | 'packaging_unit'>,
): boolean {
  return (
    registered.item_class !== wanted.item_class ||
    registered.tax_band !== wanted.tax_band ||
    registered.name !== wanted.name ||
    registered.packaging_unit !== wanted.packaging_unit
  );
}
