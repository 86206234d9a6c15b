import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_RULE, nextReminderSlot, reminderRuleSchema, reminderSlots, slotDue } from './index';

const rule = { ...DEFAULT_REMINDER_RULE, enabled: true };

describe('reminder dates', () => {
  it('before, on and every N days after the due date, up to the limit', () => {
    expect(reminderSlots(rule, '2026-03-01').map((s) => `${s.kind}${s.seq}@${s.date}`)).toEqual([
      'before0@2026-02-26',
      'due0@2026-03-01',
      'overdue1@2026-03-08',
      'overdue2@2026-03-15',
      'overdue3@2026-03-22',
    ]);
    expect(reminderSlots({ ...rule, before_days: null, on_due: false, overdue_every_days: 10, overdue_limit: 2 }, '2026-12-25').map((s) => s.date)).toEqual([
      '2027-01-04',
      '2027-01-14',
    ]);
  });

  it('sends only the latest slot that has come, and nothing when off', () => {
    expect(slotDue(rule, '2026-03-01', '2026-02-25')).toBeNull();
    expect(slotDue(rule, '2026-03-01', '2026-02-26')).toMatchObject({ kind: 'before' });
    expect(slotDue(rule, '2026-03-01', '2026-03-10')).toMatchObject({ kind: 'overdue', seq: 1 });
    expect(slotDue(rule, '2026-03-01', '2027-01-01')).toMatchObject({ kind: 'overdue', seq: 3 });
    expect(slotDue({ ...rule, enabled: false }, '2026-03-01', '2026-03-01')).toBeNull();
  });

  it('the next reminder date is the first slot after today; none when off or all past', () => {
    expect(nextReminderSlot(rule, '2026-03-01', '2026-02-20')).toMatchObject({ kind: 'before', date: '2026-02-26' });
    // On a reminder's own day the next one is the following slot (today's is sent by the job, not stored).
    expect(nextReminderSlot(rule, '2026-03-01', '2026-03-01')).toMatchObject({ kind: 'overdue', seq: 1, date: '2026-03-08' });
    expect(nextReminderSlot(rule, '2026-03-01', '2026-03-22')).toBeNull();
    expect(nextReminderSlot({ ...rule, enabled: false }, '2026-03-01', '2026-02-20')).toBeNull();
    // Consistent with slotDue: on the next date, that slot is the one due.
    const next = nextReminderSlot(rule, '2026-03-01', '2026-03-09');
    expect(slotDue(rule, '2026-03-01', next!.date)).toEqual(next);
  });

  it('validates a rule', () => {
    expect(reminderRuleSchema.safeParse({ ...rule, overdue_limit: 0 }).success).toBe(false);
    expect(reminderRuleSchema.safeParse({ ...rule, channels: ['fax'] }).success).toBe(false);
  });
});
