import { z } from 'zod';
import { textCheck } from '../records/text';
import { hasAtMost3Decimals } from '../amounts/math';
import { INVOICE_LIMITS } from '../invoices/schemas';
import { derivedUuid } from '../records/derived-id';

// Kept importable from here (stock/invoice.ts, the server): the function itself has no Zod (records/derived-id.ts).
export { derivedUuid };

/**
 * Stock movements (issue 28). A stock level is never a stored number: it is the sum of append-only
 * movements, each a record with its own id, so two devices selling the last item offline both count
 * (a last-write-wins on a quantity would lose one of the sales). Negative levels are allowed and flagged.
 *
 * Kinds and their sign:
 * - sale: −n (a quick sale), invoice: −n (an invoice was issued), void: ±n (an issued document voided: +n for
 *   an invoice or sale, −n for a credit note), credit: +n (a credit note), received: +n (a purchase, by hand or from an expense), opening: ±n (opening
 *   stock, from a CSV import or typed), adjustment: ±n with a reason (counted, damaged, lost…).
 */
export const STOCK_MOVEMENT_KINDS = ['sale', 'invoice', 'void', 'credit', 'received', 'opening', 'adjustment'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The sign each kind's quantity must have: -1 out, +1 in, 0 either way. */
export const STOCK_MOVEMENT_SIGN: Record<StockMovementKind, -1 | 0 | 1> = {
  sale: -1,
  invoice: -1,
  void: 0,
  credit: 1,
  received: 1,
  opening: 0,
  adjustment: 0,
};

export const STOCK_LIMITS = { maxQuantity: INVOICE_LIMITS.maxQuantity, maxReason: 200 } as const;

export const STOCK_MESSAGES = {
  quantityZero: 'Enter a quantity other than 0',
  quantityTooLarge: `At most ${STOCK_LIMITS.maxQuantity}`,
  quantityDecimals: 'Quantity may have at most 3 decimals',
  quantityOut: 'This kind of movement takes stock out: use a negative quantity',
  quantityIn: 'This kind of movement adds stock: use a positive quantity',
  reasonRequired: 'Say why the stock changed (e.g. counted, damaged)',
} as const;

const stockQuantity = z
  .number(STOCK_MESSAGES.quantityZero)
  .refine((q) => Number.isFinite(q) && q !== 0, STOCK_MESSAGES.quantityZero)
  .refine((q) => Math.abs(q) <= STOCK_LIMITS.maxQuantity, STOCK_MESSAGES.quantityTooLarge)
  .refine((q) => hasAtMost3Decimals(Math.abs(q)), STOCK_MESSAGES.quantityDecimals);

const baseFields = z.object({
  catalog_id: z.uuid('Choose a catalog item'),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: negative takes stock out. */
  quantity: stockQuantity,
  reason: z.string().trim().max(STOCK_LIMITS.maxReason, `At most ${STOCK_LIMITS.maxReason} characters`).superRefine(textCheck()),
  /** The invoice or sale that made it (null for received, opening, adjustment). */
  invoice_id: z.uuid().nullable(),
  /** When it happened on the device (ISO timestamp): the movements history is in this order. */
  occurred_at: z.iso.datetime({ offset: true, message: 'Use an ISO date and time' }),
});

/** Problems of a movement beyond each field's own shape (sign per kind, a reason for adjustments). */
export function stockMovementProblems(m: { kind: StockMovementKind; quantity: number; reason: string }): Record<string, string> {
  const out: Record<string, string> = {};
  const sign = STOCK_MOVEMENT_SIGN[m.kind];
  if (sign < 0 && m.quantity > 0) out.quantity = STOCK_MESSAGES.quantityOut;
  if (sign > 0 && m.quantity < 0) out.quantity = STOCK_MESSAGES.quantityIn;
  if (m.kind === 'adjustment' && !m.reason.trim()) out.reason = STOCK_MESSAGES.reasonRequired;
  return out;
}

/** The writable fields of a movement (all required), checked for sign and reason. */
export const stockMovementFields = baseFields.superRefine((m, ctx) => {
  for (const [path, message] of Object.entries(stockMovementProblems(m))) ctx.addIssue({ code: 'custom', path: [path], message });
});
export const stockMovementPatch = baseFields.partial();
export const stockMovementShape = baseFields.shape;
export type StockMovementData = z.infer<typeof baseFields>;

/** The fields an adjustment form sends (POST /api/stock/adjustments). */
export const stockAdjustmentBody = z
  .object({
    id: z.uuid().optional(),
    catalog_id: z.uuid('Choose a catalog item'),
    kind: z.enum(['received', 'opening', 'adjustment']).default('adjustment'),
    quantity: stockQuantity,
    reason: baseFields.shape.reason.default(''),
    occurred_at: baseFields.shape.occurred_at.optional(),
  })
  .superRefine((m, ctx) => {
    for (const [path, message] of Object.entries(stockMovementProblems(m))) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentBody>;
