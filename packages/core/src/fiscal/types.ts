/**
 * Fiscalisation (issue 26): the one interface every tax authority's control unit plugs into (KRA eTIMS
 * OSCU first; Rwanda EBM, Zambia Smart Invoice next, see docs/fiscal.md), and what a fiscalised document
 * carries. A device never fiscalises: it makes a provisional invoice, the server queues it, allocates the
 * fiscal number and asks the control unit.
 */

import type { FiscalPaymentType } from './payment';

/** Where an invoice stands with the tax authority. */
export const FISCAL_STATES = ['provisional', 'fiscalised', 'fiscal_error'] as const;
export type FiscalState = (typeof FISCAL_STATES)[number];

/** Tax bands of KRA eTIMS (code list 04 "Taxation Type"). */
export const TAX_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxBand = (typeof TAX_BANDS)[number];

/** A sale, or a credit note that reverses (part of) a fiscalised sale. */
export type FiscalDocumentKind = 'sale' | 'credit_note';

export interface FiscalLine {
  /** 1-based. */
  seq: number;
  name: string;
  /** Up to 3 decimals. */
  quantity: number;
  /** Minor units, tax included as the authority counts it (gross ÷ quantity, rounded). */
  unit_price: number;
  /** Item classification and quantity unit from the authority's code lists ('' when the item has none). */
  item_class: string;
  unit_code: string;
  /** The catalog item sold, and its eTIMS item code once the server assigned one (null: a typed line or a fee). */
  catalog_id?: string | null;
  item_code?: string | null;
  /** eTIMS packaging unit of a registered item (code list 17). */
  packaging_unit?: string | null;
  /** An invoice-level fee made a line of its own (a service to KRA). */
  fee?: boolean;
  band: TaxBand;
  /** Minor units: what the buyer pays for the line, tax included. */
  taxable: number;
  /** Minor units: the tax inside `taxable`. */
  tax: number;
  /** Minor units: the discount already taken off `taxable`, with any tax added on top (eTIMS prices carry their tax). */
  discount: number;
}

export interface BandTotal {
  band: TaxBand;
  /** Rate in basis points (1600 = 16%). */
  rate_bps: number;
  taxable: number;
  tax: number;
}

/** What the server sends a control unit: built from an invoice by core's `fiscalDocument`. */
export interface FiscalDocument {
  kind: FiscalDocumentKind;
  /** The invoice's id: the idempotency key of the submission. */
  document_id: string;
  /** The trader's own number (INV-0042). */
  trader_number: string;
  /** The fiscal sequence number the server allocated for this branch (never skips, never repeats). */
  fiscal_sequence: number;
  /** Credit notes: the fiscal sequence number of the sale they reverse. */
  original_sequence: number | null;
  /** Credit notes: the authority's reason code (eTIMS credit note reasons, e.g. '06' refund). */
  reason_code: string | null;
  /** ISO date (yyyy-mm-dd) of the sale. */
  issue_date: string;
  currency: string;
  buyer: { name: string; pin: string | null };
  /**
   * How it was paid when it was made (core's fiscalPaymentTypeOf; a credit note: its original's). Absent on documents
   * numbered before payment types were kept: they were sent as cash, and a replay sends them so again.
   */
  payment_type?: FiscalPaymentType;
  /**
   * The control unit the document was numbered for (the server's device id of the unit, set when it is picked up
   * for sending): a document is never sent to another device under this one's number.
   */
  device?: { id: string; label: string };
  lines: FiscalLine[];
  bands: BandTotal[];
  taxable_total: number;
  tax_total: number;
  total: number;
}

/** What a control unit answers for a fiscalised document (issue 26's interface). */
export interface FiscalResult {
  control_unit_id: string;
  /** The control unit's receipt counter for this receipt type, and its counter over all receipts. */
  receipt_number: number;
  total_receipts: number;
  /** e.g. "101/500 NS": receipt number / total receipts, then receipt type (N normal or T training, S sale or C credit note). */
  receipt_label: string;
  fiscal_number: string;
  internal_data: string;
  signature: string;
  /** ISO date-time the control unit signed at (UTC). */
  fiscal_datetime: string;
  qr_text: string;
  /** true: signed by Duka's TEST MODE unit, not a tax invoice. */
  test: boolean;
}

/** An authority's code list entry (item classifications, units, tax types). */
export interface FiscalCode {
  code: string;
  name: string;
  /** e.g. a tax type's rate in percent, as the authority writes it. */
  extra?: string | null;
}

export interface FiscalCodeLists {
  tax_types: FiscalCode[];
  units: FiscalCode[];
  packaging_units: FiscalCode[];
  item_classes: FiscalCode[];
}

/** Why a submission failed: `retry` while the authority is down or slow; otherwise the owner has something to fix. */
export interface FiscalFailure {
  retry: boolean;
  /** The authority's code, when it answered one. */
  code: string | null;
  /** The authority's message, as it wrote it. */
  message: string;
}

/** One control unit (a KRA OSCU device, the TEST MODE unit…). */
export interface FiscalUnit {
  readonly name: string;
  readonly test: boolean;
  /** Registers the device with the authority (e.g. eTIMS selectInitOsdcInfo → communication key). */
  initialise(): Promise<{ control_unit_id: string }>;
  codeLists(): Promise<FiscalCodeLists>;
  /** Never throws for an answer of the authority: a failure comes back as `{ ok: false }`. */
  fiscalise(doc: FiscalDocument): Promise<{ ok: true; result: FiscalResult } | { ok: false; failure: FiscalFailure }>;
  /** Registers (or updates) an item before a sale names it (eTIMS saveItem). TEST MODE keeps it on Duka. Never throws for an answer. */
  registerItem(item: FiscalItem): Promise<FiscalItemOutcome>;
}

/** eTIMS item types (code list 24): raw material, finished product, service. */
export const ETIMS_ITEM_TYPES = { raw_material: '1', finished_product: '2', service: '3' } as const;
export type EtimsItemType = (typeof ETIMS_ITEM_TYPES)[keyof typeof ETIMS_ITEM_TYPES];

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
  /** false: the catalog item was deleted, so the authority is told it is no longer in use (eTIMS useYn "N"). */
  in_use?: boolean;
}

/** The unit's answer to a registration: like `fiscalise`, a failure is an answer, never a throw. */
export type FiscalItemOutcome = { ok: true } | { ok: false; failure: FiscalFailure };
