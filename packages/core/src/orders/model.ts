/**
 * An order read by a model (AI_BASE_URL set): what the model is asked to answer (names, not ids, amounts in major
 * units) and how that answer becomes a draft. The server falls back to the parser when the answer fails these checks.
 */
import { z } from 'zod';
import { minorDigits } from '../constants/currencies';
import { INVOICE_LIMITS } from '../invoices/schemas';
import { isoDateString } from '../records/text';
import { hasAtMost3Decimals } from '../amounts/math';
import { looksLikeName, writtenInLowerCase } from './client';
import { toMinor } from './numbers';
import { looksLikeScript, nameWords, norm } from './text';
import type { OrderContext, OrderDraft } from './types';
import { STOP } from './words';

/** The most an order typed or spoken in words may be: the form stops there, the server refuses more, the parser reads no further. */
export const ORDER_TEXT_MAX = 2000;

/** POST /orders/draft. */
export const orderDraftRequestSchema = z.object({
  text: z.string().trim().min(1, 'Type the order').max(ORDER_TEXT_MAX, `An order is at most ${ORDER_TEXT_MAX} characters`),
});

/** The model's answer, checked before use. */
export const orderModelAnswerSchema = z.object({
  client_name: z.string().trim().min(1).max(200).nullable(),
  lines: z
    .array(
      z.object({
        description: z.string().trim().min(1).max(500),
        quantity: z.number().gt(0).max(INVOICE_LIMITS.maxQuantity),
        unit_price: z.number().min(0).max(1e11).nullable(),
      }),
    )
    .max(100),
  fees: z.array(z.object({ name: z.string().trim().min(1).max(100), amount: z.number().min(0).max(1e11).nullable() })).max(50),
  due_date: isoDateString.nullable(),
  remainder: z.array(z.string().max(2000)).max(100),
});
export type OrderModelAnswer = z.infer<typeof orderModelAnswerSchema>;

const same = (a: string, b: string) => nameWords(a, STOP).join(' ') === nameWords(b, STOP).join(' ') || norm(a).trim() === norm(b).trim();

/**
 * The model's answer as a draft: names matched to the catalog, the contacts and the fees; amounts to minor units.
 * With the order's text, a new client the order wrote only in lower case ("for picnic") is no client (client.ts).
 */
export function draftFromModel(answer: OrderModelAnswer, ctx: OrderContext, text?: string): OrderDraft {
  const scale = 10 ** minorDigits(ctx.currency);
  const contact = answer.client_name ? ctx.contacts.find((c) => same(c.name, answer.client_name ?? '')) : undefined;
  const remainder = [...answer.remainder];
  const fees: OrderDraft['fees'] = [];
  for (const f of answer.fees) {
    const fee = ctx.fees.find((x) => same(x.name, f.name));
    const amount = f.amount === null ? null : toMinor(f.amount, scale);
    // An amount with more decimals than the currency uses is shown unread, never rounded (as the parser does).
    if (!fee || (f.amount !== null && amount === null)) remainder.push(f.amount === null ? f.name : `${f.name} ${f.amount}`);
    if (fee && !fees.some((x) => x.fee_id === fee.id)) fees.push({ fee_id: fee.id, name: fee.name, amount: fee.calculation === 'fixed' ? amount : null });
  }
  // Checked as the parser's own reading is: a new client only with a name that looks like one ("Lunch" stays in the
  // remainder), and markup or code is never a line ("alert(1)" priced R1, t16).
  const name = answer.client_name;
  const newClient = !contact && name && !looksLikeScript(name) && looksLikeName(name) && !(text && writtenInLowerCase(name, text)) ? name : null;
  if (answer.client_name && !contact && !newClient) remainder.push(answer.client_name);
  // A quantity with more than 3 decimals cannot be invoiced: that line stays unread, as the parser's would.
  const lines = answer.lines.filter((l) => !looksLikeScript(l.description) && hasAtMost3Decimals(l.quantity));
  for (const l of answer.lines) if (!lines.includes(l)) remainder.push(looksLikeScript(l.description) ? l.description : `${l.quantity} ${l.description}`);
  return {
    client: contact ? { contact_id: contact.id, name: contact.name } : newClient ? { contact_id: null, name: newClient } : null,
    lines: lines.map((l) => {
      const item = ctx.catalog.find((c) => same(c.name, l.description));
      // A price with more decimals than the currency uses ("12500.5" francs) leaves the line without one, shown unread.
      const typed = l.unit_price === null ? null : toMinor(l.unit_price, scale);
      if (l.unit_price !== null && typed === null) remainder.push(`${l.description} ${l.unit_price}`);
      const unit_price = l.unit_price === null ? (item?.unit_price ?? null) : typed;
      return { catalog_id: item?.id ?? null, description: item?.name ?? l.description, quantity: l.quantity, unit_price, price_stated: typed !== null };
    }),
    fees,
    due_date: answer.due_date,
    remainder,
    currency: ctx.currency,
  };
}

/** What the model is told: the task, the business's names, the currency and today's date. Names only, never ids. */
export function orderModelMessages(text: string, ctx: OrderContext): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    {
      role: 'system',
      content:
        'You read a shop owner’s order (English, French, Swahili or Nigerian Pidgin) into a draft invoice. Answer only JSON matching the schema. ' +
        'Use the catalog item names and client names given when they match (spelling and plurals may differ); otherwise keep the owner’s words. ' +
        'Prices are unit prices in major units of the currency ("25k" = 25000; a price "for both" or "zote" is divided by the quantity). ' +
        'A client is one of the client names given, or a new name written as a name (capitalised, or after a title); a lower-case word after "for", "pour" or "kwa" that is no client ("for picnic") is what the order is for: keep it in the line. ' +
        'Fees are only the fee names given. Due dates are ISO dates counted from today; a date like 5/12 is read in date_order, and one that does not exist (31/02) goes to remainder. ' +
        'Put every part you cannot read in remainder; never invent anything.',
    },
    {
      role: 'user',
      content: JSON.stringify({
        order: text,
        currency: ctx.currency,
        today: ctx.today,
        date_order: ctx.date_order === 'mdy' ? 'month/day' : 'day/month',
        catalog: ctx.catalog.map((c) => c.name),
        clients: ctx.contacts.map((c) => c.name),
        fees: ctx.fees.map((f) => f.name),
      }),
    },
  ];
}

/** The JSON schema sent as response_format (OpenAI-compatible structured output). */
export function orderModelJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(orderModelAnswerSchema, { target: 'draft-7' }) as Record<string, unknown>;
}
