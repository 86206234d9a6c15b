import type { InvoiceFee } from '@duka/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { fees } from '../../db/schema';
import { invoiceFeeOf } from '../fees';

interface FeeRefs {
  fees?: InvoiceFee[];
  fee_ids?: string[];
  lines?: Array<{ fee_ids?: string[] }>;
}

/**
 * An invoice written through the API may name the user's own fees by id alone (t17 K2: `fee_ids` from GET /api/fees,
 * no `fees`): their snapshots are taken from the user's Fees tab, as the app does when it adds a fee. Only the
 * user's own live fees are looked up, so another user's fee id stays unknown and is refused. `known` holds the
 * snapshots the invoice already keeps (a PATCH that leaves `fees` out keeps them).
 */
export async function withOwnFeeSnapshots<T extends FeeRefs>(db: Db, userId: string, data: T, known: InvoiceFee[] = []): Promise<T> {
  const given = data.fees ?? known;
  const have = new Set(given.map((f) => f.id));
  const named = [...(data.fee_ids ?? []), ...(data.lines ?? []).flatMap((l) => l.fee_ids ?? [])];
  const missing = [...new Set(named.filter((id) => !have.has(id)))];
  if (!missing.length) return data;
  const rows = await db
    .select()
    .from(fees)
    .where(and(eq(fees.userId, userId), inArray(fees.id, missing), isNull(fees.deletedAt)));
  if (!rows.length) return data;
  const snapshots = rows.map(invoiceFeeOf);
  return { ...data, fees: [...given, ...snapshots] };
}
