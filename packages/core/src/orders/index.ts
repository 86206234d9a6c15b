/** Order in words → draft invoice (issue 29): the parser, its draft's schema and the draft's totals (core invoice maths). */
import { z } from 'zod';
import {
  computeInvoiceTotals,
  hasAtMost3Decimals,
  type InvoiceFeeInput,
  type InvoiceLineInput,
  type InvoiceMathInput,
  type InvoiceTotals,
} from '../amounts/math';
import { INVOICE_LIMITS } from '../invoices/schemas';
import { isoDateString } from '../records/text';
import type { OrderDraft } from './types';

export { dateOrderForCountry, type DateOrder } from './dates';
export { parseOrder } from './parse';
export { COUNTER_EXAMPLES_BY_COUNTRY, counterExample, ORDER_EXAMPLES, orderExample } from './hints';
export {
  draftFromModel,
  ORDER_TEXT_MAX,
  orderDraftRequestSchema,
  orderModelAnswerSchema,
  orderModelJsonSchema,
  orderModelMessages,
  type OrderModelAnswer,
} from './model';
export type { OrderContext, OrderDraft, OrderDraftFee, OrderDraftLine } from './types';

const money = z.number().int().min(0).max(INVOICE_LIMITS.maxMoney);

/** A draft as the parser or a model gives it: a model's answer is used only when it passes this. */
export const orderDraftSchema = z.object({
  client: z.object({ contact_id: z.string().min(1).max(64).nullable(), name: z.string().trim().min(1).max(200) }).nullable(),
  lines: z
    .array(
      z.object({
        catalog_id: z.string().min(1).max(64).nullable(),
        description: z.string().trim().min(1).max(500),
        quantity: z.number().gt(0).max(INVOICE_LIMITS.maxQuantity).refine(hasAtMost3Decimals, 'Quantity may have at most 3 decimals'),
        unit_price: money.nullable(),
        price_stated: z.boolean(),
        rounded: z.boolean().optional(),
      }),
    )
    .max(100),
  fees: z.array(z.object({ fee_id: z.string().min(1).max(64), name: z.string().min(1).max(100), amount: money.nullable() })).max(INVOICE_LIMITS.maxFees),
  due_date: isoDateString.nullable(),
  remainder: z.array(z.string().max(2000)).max(100),
  currency: z.string().min(1).max(10),
});

/** The invoice lines and fee snapshots of a draft (a line without a price counts as 0; a fixed fee takes the amount written). */
export function orderInvoiceParts(
  draft: OrderDraft,
  fees: InvoiceFeeInput[],
  lineId: (index: number) => string,
): Required<Pick<InvoiceMathInput, 'lines' | 'fees' | 'fee_ids'>> & { lines: Array<InvoiceLineInput & { catalog_id: string | null; description: string }> } {
  const chosen = draft.fees.flatMap((f) => {
    const fee = fees.find((x) => x.id === f.fee_id);
    if (!fee) return [];
    return [fee.calculation === 'fixed' && f.amount !== null ? { ...fee, amount: f.amount } : fee];
  });
  return {
    lines: draft.lines.map((l, i) => ({
      id: lineId(i),
      catalog_id: l.catalog_id,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price ?? 0,
      fee_ids: [],
    })),
    fees: chosen,
    fee_ids: chosen.map((f) => f.id),
  };
}

/** The draft's totals, by core's invoice maths: what the saved invoice will show. */
export function orderTotals(draft: OrderDraft, fees: InvoiceFeeInput[]): InvoiceTotals {
  return computeInvoiceTotals(orderInvoiceParts(draft, fees, (i) => `line-${i}`));
}

/** Who read the order: core's parser on the server, or the model behind AI_BASE_URL. */
export const orderDraftAnswerSchema = z.object({ draft: orderDraftSchema, source: z.enum(['parser', 'model']) });
