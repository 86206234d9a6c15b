import { itemClassOrDefault } from './codes';
import { ETIMS_ITEM_TYPES, type EtimsItemType, type FiscalCode, type FiscalCodeLists, type FiscalItem, type FiscalLine, type TaxBand } from './types';

/**
 * KRA eTIMS item registration (issue 26, OSCU `saveItem`): every item a sale names is registered first, under an
 * item code the taxpayer builds: country of origin (2 letters) + product type (1 digit) + packaging unit + quantity
 * unit + a 7-digit sequence, e.g. "KE2NTU0000001" (made in Kenya, finished product, net/no packaging, pieces, the
 * branch's first item). The server allocates the sequence per business branch, so a code is never given twice.
 */

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

/** Where a catalog item stands with the authority: registered, waiting (not yet, or the authority was down), refused. */
export const FISCAL_ITEM_STATES = ['pending', 'registered', 'error'] as const;
export type FiscalItemState = (typeof FISCAL_ITEM_STATES)[number];

/** Whether an item registered with `registered` must be sent again for `wanted` (saveItem updates it, same code). */
export function itemRegistrationChanged(
  registered: Pick<FiscalItem, 'item_class' | 'tax_band' | 'name' | 'quantity_unit' | 'packaging_unit' | 'in_use'>,
  wanted: Pick<FiscalItem, 'item_class' | 'tax_band' | 'name' | 'quantity_unit' | 'packaging_unit' | 'in_use'>,
): boolean {
  return (
    (registered.in_use ?? true) !== (wanted.in_use ?? true) ||
    registered.item_class !== wanted.item_class ||
    registered.tax_band !== wanted.tax_band ||
    registered.name !== wanted.name ||
    registered.packaging_unit !== wanted.packaging_unit
  );
}

/**
 * The generic item a line without a catalog item is sold as (a line typed on the invoice, an invoice-level fee, an
 * item deleted from the catalog): KRA wants a registered item code on every item of a sale, so the server registers
 * one item per (product type, item class, quantity unit, tax band) and business branch, once, before the first sale
 * that needs it. A fee is a service (type 3); a typed line a finished product (type 2).
 */
export interface GenericItemKey {
  item_type: EtimsItemType;
  item_class: string;
  quantity_unit: string;
  tax_band: TaxBand;
}

export function genericItemOf(line: Pick<FiscalLine, 'fee' | 'item_class' | 'unit_code' | 'band'>): GenericItemKey {
  return {
    item_type: line.fee ? ETIMS_ITEM_TYPES.service : ETIMS_ITEM_TYPES.finished_product,
    item_class: itemClassOrDefault(line.item_class),
    quantity_unit: line.unit_code.trim().toUpperCase() || DEFAULT_QUANTITY_UNIT,
    tax_band: line.band,
  };
}

/** A stable text key of a generic item (the same parts give the same key, any order of the fields). */
export function genericItemKey(k: GenericItemKey): string {
  return [k.item_type, k.item_class, k.quantity_unit, k.tax_band].join('|');
}

/** The name a generic item is registered under with KRA (each sale line still carries its own description). */
export function genericItemName(k: GenericItemKey): string {
  return `${k.item_type === ETIMS_ITEM_TYPES.service ? 'Fees and charges' : 'Other items'} (${k.quantity_unit}, tax ${k.tax_band})`;
}

/**
 * Catalog units that name a service rather than goods (issue 26): the catalog's own units (hour, day, service) as the
 * form offers them in en/fr/sw, and a few more owners type. An item sold by one of them defaults to item type 3.
 */
const SERVICE_UNITS = new Set([
  'hour',
  'hours',
  'hr',
  'hrs',
  'day',
  'days',
  'service',
  'services',
  'session',
  'sessions',
  'visit',
  'visits',
  'lesson',
  'lessons',
  'night',
  'nights',
  'month',
  'week',
  'job',
  'heure',
  'heures',
  'jour',
  'jours',
  'prestation',
  'prestations',
  'séance',
  'nuit',
  'mois',
  'semaine',
  'saa',
  'siku',
  'huduma',
  'kipindi',
  'usiku',
  'mwezi',
  'wiki',
]);

/** Whether a catalog unit (as the owner typed or chose it) names a service: hour, day, service, session… */
export function isServiceUnit(unit: string | null | undefined): boolean {
  return SERVICE_UNITS.has((unit ?? '').trim().toLowerCase());
}

/** The fields of a catalog item that decide what KRA eTIMS registers for it. */
export interface CatalogEtimsFields {
  name: string;
  unit_price: number;
  unit?: string | null;
  item_class?: string | null;
  unit_code?: string | null;
  item_type?: string | null;
  packaging_unit?: string | null;
}

/** The item type a catalog item is registered with: the owner's choice, else 3 (service) for a service unit, else 2. */
export function catalogItemType(c: Pick<CatalogEtimsFields, 'item_type' | 'unit'>): EtimsItemType {
  const chosen = (c.item_type ?? '').trim();
  if ((Object.values(ETIMS_ITEM_TYPES) as string[]).includes(chosen)) return chosen as EtimsItemType;
  return isServiceUnit(c.unit) ? ETIMS_ITEM_TYPES.service : ETIMS_ITEM_TYPES.finished_product;
}

/** The packaging unit a catalog item is registered with: the owner's choice, else NT (net: sold loose or unpackaged). */
export function catalogPackagingUnit(c: Pick<CatalogEtimsFields, 'packaging_unit'>): string {
  return (c.packaging_unit ?? '').trim().toUpperCase() || DEFAULT_PACKAGING_UNIT;
}

/** What a catalog item is registered as (all but its code): the owner's class, type and units, or their defaults. */
export function catalogFiscalItem(c: CatalogEtimsFields, origin: string, band: TaxBand): Omit<FiscalItem, 'item_code'> {
  return {
    item_class: itemClassOrDefault(c.item_class),
    item_type: catalogItemType(c),
    name: c.name,
    origin,
    packaging_unit: catalogPackagingUnit(c),
    quantity_unit: (c.unit_code ?? '').trim().toUpperCase() || DEFAULT_QUANTITY_UNIT,
    tax_band: band,
    unit_price: c.unit_price,
  };
}

/** Whether an item needs a new code for `wanted`: the code holds its origin, type and units (the class may change under it). */
export function itemCodeChanged(
  kept: Pick<FiscalItem, 'origin' | 'item_type' | 'packaging_unit' | 'quantity_unit'>,
  wanted: Pick<FiscalItem, 'origin' | 'item_type' | 'packaging_unit' | 'quantity_unit'>,
): boolean {
  return (
    kept.origin !== wanted.origin ||
    kept.item_type !== wanted.item_type ||
    kept.packaging_unit !== wanted.packaging_unit ||
    kept.quantity_unit !== wanted.quantity_unit
  );
}

/**
 * The catalog form's eTIMS checks for a business whose sales go to KRA (TEST MODE too), by field, in English (the
 * form shows its own words for each key): the item class is required (without one KRA gets a generic "goods" class,
 * wrong for most items), and every code must come from the lists the form offers. Empty: nothing to fix.
 */
export type CatalogEtimsProblem = 'item_class_required' | 'item_class_unknown' | 'item_type_unknown' | 'packaging_unit_unknown' | 'unit_code_unknown';
export function catalogEtimsProblems(
  c: Pick<CatalogEtimsFields, 'item_class' | 'item_type' | 'packaging_unit' | 'unit_code'>,
  lists: Pick<FiscalCodeLists, 'item_classes' | 'packaging_units' | 'units'>,
  /** Required once sales go to KRA itself; in TEST MODE an item may go under the generic class meanwhile. */
  { classRequired = true }: { classRequired?: boolean } = {},
): Partial<Record<'item_class' | 'item_type' | 'packaging_unit' | 'unit_code', CatalogEtimsProblem>> {
  const out: Partial<Record<'item_class' | 'item_type' | 'packaging_unit' | 'unit_code', CatalogEtimsProblem>> = {};
  const has = (list: FiscalCode[], code: string) => list.some((x) => x.code === code);
  const cls = (c.item_class ?? '').trim();
  if (!cls) {
    if (classRequired) out.item_class = 'item_class_required';
  } else if (!has(lists.item_classes, cls)) out.item_class = 'item_class_unknown';
  const type = (c.item_type ?? '').trim();
  if (type && !(Object.values(ETIMS_ITEM_TYPES) as string[]).includes(type)) out.item_type = 'item_type_unknown';
  const pkg = (c.packaging_unit ?? '').trim();
  if (pkg && !has(lists.packaging_units, pkg)) out.packaging_unit = 'packaging_unit_unknown';
  const unit = (c.unit_code ?? '').trim();
  if (unit && !has(lists.units, unit)) out.unit_code = 'unit_code_unknown';
  return out;
}
