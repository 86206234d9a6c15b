import { z } from 'zod';
import { FISCAL_ITEM_STATES } from './items';
import { FISCAL_STATES, TAX_BANDS } from './types';

/** GET /invoices/:id/fiscal: where an invoice stands with the tax authority (null state: not fiscalised at all). */
export const fiscalViewSchema = z.object({
  state: z.enum(FISCAL_STATES).nullable(),
  /** Signed by Duka's TEST MODE unit: "TEST — NOT A TAX INVOICE". */
  test: z.boolean(),
  control_unit_id: z.string().nullable(),
  fiscal_number: z.string().nullable(),
  receipt_label: z.string().nullable(),
  internal_data: z.string().nullable(),
  signature: z.string().nullable(),
  fiscal_datetime: z.string().nullable(),
  qr_text: z.string().nullable(),
  /** A credit note (NC): the fiscal number of the sale it reverses, once sent. */
  credits_fiscal_number: z.string().nullable().optional(),
  error: z.object({ code: z.string().nullable(), message: z.string(), fix: z.string() }).nullable(),
  attempts: z.number().int(),
});
export type FiscalView = z.infer<typeof fiscalViewSchema>;

/**
 * How a business's documents are signed: 'off' (not fiscalised: not a Kenyan business), 'test' (Duka's TEST MODE
 * unit, nothing goes to KRA) or 'etims' (KRA eTIMS OSCU). Sent with the account state (GET /state) so a device knows
 * it before its first document, offline too.
 */
export const FISCAL_MODES = ['off', 'test', 'etims'] as const;
export type FiscalMode = (typeof FISCAL_MODES)[number];
export const fiscalModeSchema = z.enum(FISCAL_MODES);

/** GET/PUT /fiscal/settings: the business's control unit. The communication key is never shown. */
export const fiscalSettingsSchema = z.object({
  mode: fiscalModeSchema,
  /** Where the eTIMS settings come from: this business's own, or the server's ETIMS_* settings. */
  source: z.enum(['none', 'business', 'server']),
  api_base: z.string().nullable(),
  tin: z.string().nullable(),
  branch_id: z.string().nullable(),
  device_serial: z.string().nullable(),
  control_unit_id: z.string().nullable(),
  initialised: z.boolean(),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

/** A KRA taxpayer branch id (bhfId): 2 digits, 00 for the head office. */
export const FISCAL_BRANCH_ID_LENGTH = 2;

export const fiscalSettingsBody = z.object({
  api_base: z.url({ protocol: /^https?$/, error: 'Use the eTIMS address KRA gave you, e.g. https://etims-api-sbx.kra.go.ke/etims-api' }).max(300),
  tin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]\d{9}[A-Z]$/, 'A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567Q'),
  branch_id: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${FISCAL_BRANCH_ID_LENGTH}}$`), `The branch id has ${FISCAL_BRANCH_ID_LENGTH} digits, e.g. 00 for the head office`),
  device_serial: z.string().trim().min(1, 'Type the device serial number KRA registered').max(100),
});

export const fiscalCodeListsSchema = z.object({
  tax_types: z.array(z.object({ code: z.string(), name: z.string(), extra: z.string().nullable().optional() })),
  units: z.array(z.object({ code: z.string(), name: z.string(), extra: z.string().nullable().optional() })),
  packaging_units: z.array(z.object({ code: z.string(), name: z.string(), extra: z.string().nullable().optional() })),
  item_classes: z.array(z.object({ code: z.string(), name: z.string(), extra: z.string().nullable().optional() })),
});

/** The fiscal block of the public page (issue 26): what the PDF prints, for a fiscalised or waiting invoice. */
export const publicFiscalSchema = z.object({
  state: z.enum(FISCAL_STATES),
  test: z.boolean(),
  control_unit_id: z.string().nullable().optional(),
  fiscal_number: z.string().nullable().optional(),
  receipt_label: z.string().nullable().optional(),
  internal_data: z.string().nullable().optional(),
  signature: z.string().nullable().optional(),
  fiscal_datetime: z.string().nullable().optional(),
  qr_text: z.string().nullable().optional(),
  buyer_pin: z.string().nullable().optional(),
  /** A credit note (eTIMS NC). */
  credit_note: z.boolean().optional(),
  /** A credit note: the fiscal number of the sale it reverses. */
  credits_fiscal_number: z.string().nullable().optional(),
});
export type PublicFiscal = z.infer<typeof publicFiscalSchema>;

/** One catalog item's eTIMS item code and where its registration stands. */
export const fiscalItemSchema = z.object({
  catalog_id: z.string(),
  /** e.g. KE2NTU0000001: origin, type, packaging unit, quantity unit, sequence (core's etimsItemCode). */
  item_code: z.string(),
  item_class: z.string(),
  quantity_unit: z.string(),
  packaging_unit: z.string(),
  tax_band: z.enum(TAX_BANDS),
  state: z.enum(FISCAL_ITEM_STATES),
  /** Registered by Duka's TEST MODE unit: kept on Duka, not sent to KRA. */
  test: z.boolean(),
  /** The authority's message while it is refused (or the last time-out while it waits). */
  error: z.object({ code: z.string().nullable(), message: z.string() }).nullable(),
  registered_at: z.string().nullable(),
  attempts: z.number().int(),
});
export type FiscalItemView = z.infer<typeof fiscalItemSchema>;

/** GET /fiscal/items: each catalog item with an eTIMS item code (given when saved, or at its first sale) and where its registration stands. */
export const fiscalItemsSchema = z.object({ items: z.array(fiscalItemSchema) });
export type FiscalItemsView = z.infer<typeof fiscalItemsSchema>;
