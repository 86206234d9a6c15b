import { derivedUuid, type Language, type RuleResult } from '@duka/core';
import { quantityOf, quantityProblem } from './quantity';

/** One line of stock received with an expense, as typed: a tracked catalog item and a quantity. */
export interface ReceivedLine {
  key: string;
  catalog_id: string;
  qty: string;
}

/** A 'received' movement (+n) ready to save, synced like every other movement. */
export interface ReceivedMovement {
  id: string;
  catalog_id: string;
  kind: 'received';
  quantity: number;
  reason: string;
  invoice_id: null;
  occurred_at: string;
}

/** Each line's problem by its key: no item chosen ('item'), or its quantity refused by core's rule. */
export function receivedProblems(lines: ReceivedLine[], language: Language): Record<string, RuleResult | 'item'> {
  const out: Record<string, RuleResult | 'item'> = {};
  for (const l of lines) {
    const q = quantityProblem(l.qty, language);
    if (!l.catalog_id) out[l.key] = 'item';
    else if (q) out[l.key] = q;
  }
  return out;
}

/**
 * The +n movements an expense's stock lines make (issue 28: "received +n from an expense"). Their ids come from
 * the expense and the line, so saving the same expense again never counts the stock twice.
 */
export function receivedMovements(expenseId: string, lines: ReceivedLine[], reason: string, language: Language, now = new Date()): ReceivedMovement[] {
  return lines.map((l) => ({
    id: derivedUuid(`expense-stock:${expenseId}:${l.key}`),
    catalog_id: l.catalog_id,
    kind: 'received',
    quantity: quantityOf(l.qty, language),
    reason: reason.slice(0, 200),
    invoice_id: null,
    occurred_at: now.toISOString(),
  }));
}
