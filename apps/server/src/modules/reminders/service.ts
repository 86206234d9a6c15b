import {
  apiPath,
  clientLanguage,
  type CustomerLanguage,
  userTimeZone,
  DEFAULT_REMINDER_RULE,
  documentStrings,
  documentText,
  formatDateIn,
  formatMessageMoneyIn,
  type InvoiceRecord,
  localDate,
  localDayStart,
  nextReminderSlot,
  type ReminderChannel,
  type ReminderRule,
  realBalanceOf,
  reminderMessage,
  reminderRuleSchema,
  recordShowsMinor,
  slotDue,
} from '@duka/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { contacts, invoiceReminders, invoices, reminderLog, reminderSettings, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { QuotaExceeded } from '../../lib/outbound-quota';
import { getInvoice, publicLink, toApi } from '../invoices';
import { getMailer } from '../mail';
import type { Row } from '../sync';
import { getSms, smsNumber } from '../sms';
import { dueReminderInvoices, markInvoices, saveNextReminders } from './due';
import { usersWithAutomaticReminders } from './plan';

export async function ownerRule(ctx: AppContext, userId: string): Promise<ReminderRule> {
  const [row] = await ctx.db.select({ rule: reminderSettings.rule }).from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return row ? reminderRuleSchema.parse(row.rule) : DEFAULT_REMINDER_RULE;
}

export async function setOwnerRule(ctx: AppContext, userId: string, rule: ReminderRule): Promise<ReminderRule> {
  await ctx.db
    .insert(reminderSettings)
    .values({ userId, rule, updatedAt: new Date() })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { rule, updatedAt: new Date() } });
  await markInvoices(ctx, userId);
  return rule;
}

export function stopLink(ctx: AppContext, publicId: string): string {
  return `${ctx.config.publicUrl}${apiPath('GET /invoices/public/:public_id/reminders/stop', { public_id: publicId })}`;
}

export interface Target {
  invoiceId: string;
  userId: string;
  number: string;
  currency: string;
  /** The real money still owed (core realBalanceOf): a TEST MODE payment moves no money, so it never stops reminders (t18 X2). */
  balance: number;
  /** The invoice's own minor-units rule (issue 23): its reminders show minor units exactly when its PDF does. */
  minor: boolean;
  dueDate: string | null;
  publicId: string;
  client: string;
  email: string;
  phone: string;
  /** Countries the phone number is read with: the client's, else the business's (0712… in Kenya is +254712…). */
  phoneCountries: [string, string];
  company: string;
  /** The business's time zone (from its country): reminder days are its calendar days. */
  timeZone: string;
  /** The client's language, else the owner's (issue 19). */
  language: CustomerLanguage;
}

/** The reminder's text; an SMS writes a currency code where the symbol is not GSM-7 (core formatMessageMoneyIn). */
export function messageFor(ctx: AppContext, t: Target, today: string, channel?: ReminderChannel): string {
  return reminderMessage({
    client: t.client,
    company: t.company,
    number: t.number,
    amount: formatMessageMoneyIn(t.balance, t.currency, t.language, { minor: t.minor, sms: channel === 'sms' }),
    // SPEC's date format in every language: "20 Aug 26", "20 août 26", "20 Ago 26" (issue 23).
    dueDate: t.dueDate ? formatDateIn(t.dueDate, t.language) : null,
    overdue: !!t.dueDate && t.dueDate < today,
    link: publicLink(ctx, t.publicId),
    stopLink: stopLink(ctx, t.publicId),
    language: t.language,
  });
}

type Outcome = { id: string; state: 'sent' | 'failed' | 'skipped'; error: string | null; to: string; ref: string | null; quota?: QuotaExceeded };

/** A refusal by the outbound quota is logged as the reminder's error and kept for the owner's one-tap answer (429). */
function failed(out: Outcome, e: unknown): void {
  Object.assign(out, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
  if (e instanceof QuotaExceeded) out.quota = e;
}

/** Sends one reminder on one channel (the log row is already claimed); the outcome is written by the caller. */
async function deliver(ctx: AppContext, logId: string, t: Target, channel: ReminderChannel, text: string): Promise<Outcome> {
  const out: Outcome = { id: logId, state: 'sent', error: null, to: '', ref: null };
  if (channel === 'email') {
    out.to = t.email;
    if (!out.to) Object.assign(out, { state: 'skipped', error: 'The client has no e-mail address' });
    else {
      try {
        await getMailer(ctx).send({
          account: t.userId,
          to: out.to,
          subject: documentText(t.language, 'reminderSubject', { number: t.number, company: t.company }),
          text,
        });
      } catch (e) {
        failed(out, e);
      }
    }
  } else {
    const number = smsNumber(t.phone, ...t.phoneCountries);
    if (!number.ok) Object.assign(out, { state: 'skipped', error: number.message });
    else {
      out.to = number.value;
      // Intl's no-break spaces (French and Swahili amounts) would force the SMS out of GSM-7: plain spaces.
      try {
        const r = await getSms(ctx).send(out.to, text.replace(/[\u00a0\u202f]/g, ' '), { account: t.userId });
        if (r.ok) out.ref = r.ref;
        else Object.assign(out, { state: 'failed', error: r.error });
      } catch (e) {
        failed(out, e);
      }
    }
  }
  return out;
}

/** Writes outcomes to the log, many rows per statement. */
async function record(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  for (let i = 0; i < outcomes.length; i += 1000) {
    const chunk = JSON.stringify(outcomes.slice(i, i + 1000));
    await ctx.db.execute(sql`update ${reminderLog} as l set state = v.state, error = v.error, "to" = v."to", provider_ref = v.ref
      from jsonb_to_recordset(${chunk}::jsonb) as v(id uuid, state text, error text, "to" text, ref text) where l.id = v.id`);
  }
}

export async function loadTargets(
  ctx: AppContext,
  where: ReturnType<typeof and>,
): Promise<Array<Target & { rule: unknown; invoiceRule: unknown; stopped: boolean; live: boolean }>> {
  const rows = await ctx.db
    .select({
      invoice: invoices,
      client: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      contactCountry: contacts.country,
      contactLanguage: contacts.language,
      ownerLanguage: users.language,
      companyName: users.companyName,
      userName: users.name,
      country: users.country,
      settings: users.invoiceSettings,
      rule: reminderSettings.rule,
      invoiceRule: invoiceReminders.rule,
      stoppedAt: invoiceReminders.stoppedAt,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(contacts, and(eq(contacts.id, invoices.contactId), eq(contacts.userId, invoices.userId)))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, invoices.userId))
    .leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoices.id))
    .where(where);
  return rows.map((r) => {
    const language = clientLanguage(r.contactLanguage, r.ownerLanguage);
    const inv = toApi(r.invoice as unknown as Row);
    return {
      invoiceId: inv.id,
      userId: r.invoice.userId,
      number: inv.number,
      currency: inv.currency,
      balance: realBalanceOf(inv),
      minor: showsMinor(inv),
      dueDate: inv.due_date,
      publicId: inv.public_id,
      client: r.client ?? documentStrings(language).reminderClientFallback,
      email: r.email ?? '',
      phone: r.phone ?? '',
      phoneCountries: [r.contactCountry ?? '', r.country],
      company: r.companyName || r.userName,
      timeZone: userTimeZone({ country: r.country, invoice_settings: r.settings }),
      language,
      rule: r.rule,
      invoiceRule: r.invoiceRule,
      stopped: !!r.stoppedAt,
      // A sent invoice (not a quote or credit note), neither void nor deleted: the only kind reminded.
      live: inv.kind === 'invoice' && !!inv.sent_at && !inv.voided_at && inv.status !== 'void' && !r.invoice.deletedAt,
    };
  });
}

/** recordShowsMinor, or minor units whenever a stored invoice cannot be totalled again (never for valid data). */
function showsMinor(inv: InvoiceRecord): boolean {
  try {
    return recordShowsMinor(inv);
  } catch {
    return true;
  }
}

const effectiveRule = (t: { rule: unknown; invoiceRule: unknown }): ReminderRule => reminderRuleSchema.parse(t.invoiceRule ?? t.rule ?? DEFAULT_REMINDER_RULE);

/**
 * The automatic reminders due at `now` (the calendar day in each business's time zone): for each owed invoice of an owner on a paid plan, the latest
 * slot that has come, once per channel (claimed by the log's unique key before sending). `concurrency` sends
 * at once (SMS and e-mail calls wait on the network).
 */
export async function runDueReminders(
  ctx: AppContext,
  now: Date,
  opts: { concurrency?: number } = {},
): Promise<{ sent: number; failed: number; skipped: number }> {
  const counts = { sent: 0, failed: 0, skipped: 0 };
  // Issue 27: only invoices whose next reminder has come, of owners on a paid plan, a page at a time (due.ts);
  // each page is checked exactly in its business's own day, sent, and given its next date, which takes it out of
  // the selection. An invoice written meanwhile keeps its mark and is left for the next run (`done`).
  const done = new Set<string>();
  for (;;) {
    const page = (await dueReminderInvoices(ctx, now, DUE_PAGE)).filter((d) => !done.has(d.id));
    if (!page.length) break;
    for (const d of page) done.add(d.id);
    // Reminders off for these (their rule, else the owner's): nothing to send or date, the mark is cleared.
    const off = page.filter((d) => !d.on);
    if (off.length)
      await saveNextReminders(
        ctx,
        off.map(({ id, seen }) => ({ id, seen, at: null })),
      );
    const on = page.filter((d) => d.on);
    if (!on.length) continue;
    const targets = await loadTargets(
      ctx,
      inArray(
        invoices.id,
        on.map((d) => d.id),
      ),
    );
    await runReminderPage(ctx, now, on, targets, counts, opts.concurrency ?? 16);
  }
  return counts;
}

/** Invoices read per page by the reminders job. */
const DUE_PAGE = 500;

async function runReminderPage(
  ctx: AppContext,
  now: Date,
  page: Array<{ id: string; seen: string }>,
  candidates: Awaited<ReturnType<typeof loadTargets>>,
  counts: { sent: number; failed: number; skipped: number },
  concurrency: number,
): Promise<void> {
  const allowed = await usersWithAutomaticReminders(ctx, [...new Set(candidates.map((c) => c.userId))], now);
  const work: Array<{ t: Target; channel: ReminderChannel; kind: string; seq: number; date: string }> = [];
  // Each invoice's next reminder instant after today (core's schedule), null when none is left or nothing is owed.
  const nextAt = new Map<string, string>();
  for (const c of candidates) {
    if (c.stopped || !c.live || !c.dueDate || c.balance < 1) continue;
    const rule = effectiveRule(c);
    const today = localDate(now, c.timeZone);
    const coming = nextReminderSlot(rule, c.dueDate, today);
    if (coming) nextAt.set(c.invoiceId, localDayStart(coming.date, c.timeZone).toISOString());
    const slot = allowed.has(c.userId) ? slotDue(rule, c.dueDate, today) : null;
    if (!slot) continue;
    for (const channel of rule.channels) work.push({ t: c, channel, kind: slot.kind, seq: slot.seq, date: slot.date });
  }
  // Claim in batches: only rows this call inserted are sent (another process gets the others, or nothing).
  const claimed: Array<{ id: string; item: (typeof work)[number] }> = [];
  for (let i = 0; i < work.length; i += 500) {
    const chunk = work.slice(i, i + 500);
    const rows = await ctx.db
      .insert(reminderLog)
      .values(
        chunk.map((w) => ({
          userId: w.t.userId,
          invoiceId: w.t.invoiceId,
          kind: w.kind,
          seq: w.seq,
          channel: w.channel,
          scheduledFor: w.date,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: reminderLog.id, invoiceId: reminderLog.invoiceId, channel: reminderLog.channel });
    const byKey = new Map(chunk.map((w) => [`${w.t.invoiceId}|${w.channel}`, w]));
    for (const r of rows) claimed.push({ id: r.id, item: byKey.get(`${r.invoiceId}|${r.channel}`) as (typeof work)[number] });
  }
  // Claimed (or logged before): the page's invoices leave the selection until their next date.
  await saveNextReminders(
    ctx,
    page.map((d) => ({ ...d, at: nextAt.get(d.id) ?? null })),
  );
  let next = 0;
  let pending: Outcome[] = [];
  const worker = async () => {
    while (next < claimed.length) {
      const { id, item } = claimed[next++];
      const outcome = await deliver(ctx, id, item.t, item.channel, messageFor(ctx, item.t, localDate(now, item.t.timeZone), item.channel));
      counts[outcome.state] += 1;
      pending.push(outcome);
      if (pending.length >= 500) {
        const batch = pending;
        pending = [];
        await record(ctx, batch);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  await record(ctx, pending);
}

/** One-tap reminder from the owner (any plan): sends now on a channel and logs it. */
export async function sendReminderNow(ctx: AppContext, userId: string, invoiceId: string, channel: ReminderChannel, now: Date) {
  const [t] = await loadTargets(ctx, and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), isNull(invoices.deletedAt)));
  if (!t) throw new AppError('not_found', 'Invoice not found');
  const inv = toApi(await getInvoice(ctx.db, userId, invoiceId));
  // Real money only (t18 X2): a TEST MODE payment, which anyone holding the link can make, leaves the debt owed.
  if (inv.kind !== 'invoice' || inv.status === 'void' || realBalanceOf(inv) <= 0)
    throw new AppError('conflict', 'Nothing is owed on this invoice, so no reminder is sent');
  if (channel === 'email' && !t.email)
    throw new AppError('unprocessable', 'This client has no e-mail address. Add one to the client first.', { channel: 'No e-mail address' });
  const number = smsNumber(t.phone, ...t.phoneCountries);
  if (channel === 'sms' && !number.ok)
    throw new AppError(
      'unprocessable',
      t.phone.trim() ? `${number.message} Correct it on the client first.` : 'This client has no phone number. Add one to the client first.',
      { channel: t.phone.trim() ? 'Phone number cannot be used' : 'No phone number' },
    );
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`coalesce(max(${reminderLog.seq}), 0)::int` })
    .from(reminderLog)
    .where(and(eq(reminderLog.invoiceId, invoiceId), eq(reminderLog.kind, 'manual')));
  const [row] = await ctx.db
    .insert(reminderLog)
    .values({ userId, invoiceId, kind: 'manual', seq: Number(n) + 1, channel, scheduledFor: localDate(now, t.timeZone), createdAt: now })
    .returning({ id: reminderLog.id });
  const outcome = await deliver(ctx, row.id, t, channel, messageFor(ctx, t, localDate(now, t.timeZone), channel));
  await record(ctx, [outcome]);
  if (outcome.quota) throw outcome.quota;
  if (outcome.state !== 'sent') throw new AppError('bad_gateway', outcome.error ?? 'The reminder could not be sent');
}
