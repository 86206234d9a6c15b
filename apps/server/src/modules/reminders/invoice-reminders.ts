import { localDate, realBalanceOf, type ReminderRule, reminderRuleSchema, reminderSlots } from '@duka/core';
import { and, desc, eq } from 'drizzle-orm';
import { invoiceReminders, invoices, reminderLog } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { getInvoice, toApi } from '../invoices';
import { smsNumber } from '../sms';
import { markInvoices } from './due';
import { usersWithAutomaticReminders } from './plan';
import { loadTargets, messageFor, ownerRule, type Target } from './service';

// One invoice's reminders: what its view shows, its own rule or stop (the owner's), and the customer's stop link.

/** The client's number in E.164 for the view's SMS and WhatsApp links, null when it cannot be read. */
function smsTo(t: Target | undefined): string | null {
  const number = t ? smsNumber(t.phone, ...t.phoneCountries) : null;
  return number?.ok ? number.value : null;
}

/** What the invoice view shows: the rule in force, every reminder sent or tried, the ones still to come, WhatsApp text. */
export async function invoiceReminderView(ctx: AppContext, userId: string, invoiceId: string, now: Date) {
  const inv = toApi(await getInvoice(ctx.db, userId, invoiceId));
  const [own] = await ctx.db
    .select()
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, invoiceId), eq(invoiceReminders.userId, userId)));
  const rule = own?.rule ? reminderRuleSchema.parse(own.rule) : await ownerRule(ctx, userId);
  const log = await ctx.db
    .select()
    .from(reminderLog)
    .where(and(eq(reminderLog.invoiceId, invoiceId), eq(reminderLog.userId, userId)))
    .orderBy(desc(reminderLog.createdAt))
    .limit(200);
  const [t] = await loadTargets(ctx, and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  const today = localDate(now, t?.timeZone ?? 'UTC');
  const open = inv.kind === 'invoice' && !!inv.sent_at && inv.status !== 'void' && realBalanceOf(inv) > 0 && !own?.stoppedAt;
  const sentKeys = new Set(log.map((l) => `${l.kind}|${l.seq}`));
  const upcoming =
    open && rule.enabled && inv.due_date ? reminderSlots(rule, inv.due_date).filter((s) => s.date >= today && !sentKeys.has(`${s.kind}|${s.seq}`)) : [];
  return {
    rule,
    own_rule: !!own?.rule,
    stopped: own?.stoppedAt ? { at: own.stoppedAt.toISOString(), by: (own.stoppedBy ?? 'owner') as 'owner' | 'customer' } : null,
    automatic: (await usersWithAutomaticReminders(ctx, [userId], now)).has(userId),
    open,
    upcoming: upcoming.map((s) => ({ kind: s.kind, date: s.date, channels: rule.channels })),
    log: log.map((l) => ({
      kind: l.kind,
      channel: l.channel,
      state: l.state,
      to: l.to,
      error: l.error,
      scheduled_for: l.scheduledFor,
      at: l.createdAt.toISOString(),
    })),
    whatsapp_text: t ? messageFor(ctx, t, today) : '',
    phone: smsTo(t),
  };
}

export async function setInvoiceReminders(ctx: AppContext, userId: string, invoiceId: string, input: { rule?: ReminderRule | null; stopped?: boolean }) {
  await getInvoice(ctx.db, userId, invoiceId);
  const [cur] = await ctx.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));
  const rule = input.rule === undefined ? (cur?.rule ?? null) : input.rule;
  const stoppedAt = input.stopped === undefined ? (cur?.stoppedAt ?? null) : input.stopped ? new Date() : null;
  const stoppedBy = input.stopped === undefined ? (cur?.stoppedBy ?? null) : input.stopped ? 'owner' : null;
  await ctx.db
    .insert(invoiceReminders)
    .values({ invoiceId, userId, rule, stoppedAt, stoppedBy })
    .onConflictDoUpdate({ target: invoiceReminders.invoiceId, set: { rule, stoppedAt, stoppedBy } });
  await markInvoices(ctx, userId, invoiceId);
}

/** The customer's stop link: no more reminders for this invoice. */
export async function stopByCustomer(ctx: AppContext, invoiceId: string, userId: string): Promise<void> {
  await ctx.db
    .insert(invoiceReminders)
    .values({ invoiceId, userId, stoppedAt: new Date(), stoppedBy: 'customer' })
    .onConflictDoUpdate({ target: invoiceReminders.invoiceId, set: { stoppedAt: new Date(), stoppedBy: 'customer' } });
  await markInvoices(ctx, userId, invoiceId);
}
