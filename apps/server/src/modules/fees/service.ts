import { defaultFeesForCountry, isLanguage } from '@duka/core';
import { eq, sql } from 'drizzle-orm';
import { fees, users } from '../../db/schema';
import type { NewUserInfo, Tx } from '../../lib/registry';

/** onUserCreated: the country's standard VAT as the new account's first fee (none for other countries). */
export async function seedDefaultFees(tx: Tx, user: NewUserInfo): Promise<void> {
  const defaults = defaultFeesForCountry(user.country, isLanguage(user.language) ? user.language : null);
  if (!defaults.length) return;
  const [u] = await tx
    .update(users)
    .set({ syncVersion: sql`${users.syncVersion} + ${defaults.length}` })
    .where(eq(users.id, user.id))
    .returning({ v: users.syncVersion });
  const top = Number(u?.v ?? defaults.length);
  await tx.insert(fees).values(
    defaults.map((f, i) => ({
      id: crypto.randomUUID(),
      userId: user.id,
      version: top - defaults.length + 1 + i,
      name: f.name,
      kind: f.kind,
      calculation: f.calculation,
      percentageBps: f.percentage_bps,
      amount: f.amount,
      inclusive: f.inclusive,
      defaultOn: f.default_on,
      subjectToTax: f.subject_to_tax,
    })),
  );
}
