import './strings';
import {
  afterSaving,
  isIsoDate,
  madeAtOnce as coreMadeAtOnce,
  RECURRING_FREQUENCIES,
  RECURRING_LIMITS,
  type RecurringFrequency,
  type RecurringRecord,
  type RecurringSendMode,
  recurringStartProblem,
  formatDate,
  sourceOccurrence,
} from '@duka/core';
import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useCallback, useState } from 'react';
import { describeError } from '../../ui/errors';
import { useStrings } from '../../i18n';
import { todayForBusiness } from '../../data/today';
import { fieldBinder, fieldSetter, CancelAndSubmit, valueSetter } from '../../ui/form';
import { DraftNotice } from '../../ui/drafts/DraftNotice';
import { useFormDraft, useRestoredDraft } from '../../ui/drafts/useFormDraft';
import { confirmText } from './confirmText';

export interface RecurringValues {
  frequency: RecurringFrequency;
  interval: number;
  start_date: string;
  end_date: string | null;
  count: number | null;
  send_mode: RecurringSendMode;
  /** Edit only: copy the invoice's current lines, client and notes for the next invoices. */
  refresh_template?: boolean;
  /** The owner said yes to the invoices made at once (t17 N3): the server refuses past dates without it. */
  make_past?: boolean;
}

type Ends = 'never' | 'on' | 'after';

/** What the form holds while it is typed in (numbers as typed), named as the server names them. */
export interface RecurringEntered {
  frequency: RecurringFrequency;
  interval: string;
  start_date: string;
  ends: Ends;
  end_date: string;
  count: string;
}

/**
 * Problems with what was entered; values are i18n keys. With `today`, a new start date is checked against core's
 * RECURRING_LIMITS (the server's rule: recurringStartProblem); `fixedStart` (an edited schedule's own) is not checked.
 */
export function recurringErrors(v: RecurringEntered, opts: { today?: string; fixedStart?: string } = {}): Record<string, string> {
  const e: Record<string, string> = {};
  if (!isIsoDate(v.start_date)) e.start_date = 'errors.startDate';
  else if (opts.today && v.start_date !== opts.fixedStart) {
    const problem = recurringStartProblem(v.start_date, opts.today);
    if (problem) e.start_date = problem === 'too_far' ? 'errors.startTooFar' : 'errors.startTooOld';
  }
  const whole = (s: string, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= max;
  if (v.frequency === 'months' && !whole(v.interval, RECURRING_LIMITS.maxInterval)) e.interval = 'errors.interval';
  if (v.ends === 'on' && (!isIsoDate(v.end_date) || v.end_date < v.start_date)) e.end_date = 'errors.endDate';
  if (v.ends === 'after' && !whole(v.count, RECURRING_LIMITS.maxCount)) e.count = 'errors.count';
  return e;
}

type Props = {
  opened: boolean;
  onClose: () => void;
  initial?: RecurringRecord;
  onSave: (v: RecurringValues) => Promise<void>;
  /** The invoice being made to repeat: a schedule starting on its date counts it as the first invoice (issue 23). */
  source?: { issue_date: string };
  /** Where what is typed is kept on this device until saved or discarded (issue 23): `recurring:<invoice id>:new` or `recurring:<id>`. */
  draftKey?: string;
};

type Entered = RecurringEntered & { send_mode: RecurringSendMode; refresh: boolean };

/**
 * The invoices saving this schedule would make at once (core madeAtOnce: its dates up to today after those done): the
 * owner is told and asked first, for a new schedule and an edited one alike (issue 23). A paused one makes none.
 */
export function madeAtOnce(
  v: RecurringValues,
  source: { issue_date: string } | undefined,
  today: string,
  existing?: Pick<RecurringRecord, 'generated' | 'status'>,
): string[] {
  if (existing?.status === 'paused') return [];
  const rule = { frequency: v.frequency, interval: v.interval, start_date: v.start_date, end_date: v.end_date, count: v.count };
  return coreMadeAtOnce(rule, today, { generated: existing?.generated ?? 0, ...(source ? { source } : {}) });
}

/** Create or edit a repeat: how often, from when, until when, and whether to send automatically. */
export function RecurringModal(props: Props) {
  const { t } = useStrings('recurring');
  // On a phone the whole screen, as the app's other forms: a centred card ended over the bottom tab bar, its
  // "Make 2 invoices today?" and Save scrolled out of sight below it (t17 N5).
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.initial ? t('editTitle') : t('newTitle')} centered fullScreen={!!phone}>
      <RecurringForm {...props} />
    </Modal>
  );
}

export function RecurringForm({ onClose, initial, onSave, source, draftKey }: Props) {
  const { t } = useStrings('recurring');
  const [opened] = useState<Entered>(() => ({
    frequency: initial?.frequency ?? 'monthly',
    interval: String(initial?.frequency === 'months' ? initial.interval : 2),
    // A new repeat starts with the invoice itself: the next invoice comes one period after it (issue 23).
    start_date: initial?.start_date ?? source?.issue_date ?? todayForBusiness(),
    ends: initial?.end_date ? 'on' : initial?.count ? 'after' : 'never',
    end_date: initial?.end_date ?? '',
    count: initial?.count ? String(initial.count) : '12',
    send_mode: initial?.send_mode ?? 'draft',
    refresh: false,
  }));
  // What was typed is kept on this device until saved or discarded (issue 23).
  const restored = useRestoredDraft<Entered>(draftKey ?? null);
  const [form, setForm] = useState<Entered>(() => (restored ? { ...opened, ...restored.value } : opened));
  const draft = useFormDraft(
    draftKey ?? null,
    form,
    opened,
    restored,
    useCallback(() => setForm(opened), [opened]),
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  /** The dates a save would make invoices for at once, while the owner is asked (null: not asking). */
  const [asking, setAsking] = useState<string[] | null>(null);

  const { frequency, ends } = form;
  const dateRule = { today: todayForBusiness(), fixedStart: initial?.start_date };
  const errors = tried ? recurringErrors(form, dateRule) : {};
  const values: RecurringValues = {
    frequency,
    interval: frequency === 'months' ? Number(form.interval) || 1 : 1,
    start_date: form.start_date,
    end_date: ends === 'on' ? form.end_date : null,
    count: ends === 'after' ? Number(form.count) || null : null,
    send_mode: form.send_mode,
    ...(initial && form.refresh ? { refresh_template: true } : {}),
  };
  const valid = !Object.keys(recurringErrors(form)).length;
  // The next date the form names is the first not made on saving, after today (core afterSaving, the server's rule):
  // never a date already passed (issue 23, verify27); those up to today are made at once, and the form says so. The
  // invoice being repeated stands for its own date: that date is never made again (issue 23, t15b).
  const saved = valid ? afterSaving(values, todayForBusiness(), { generated: initial?.generated ?? 0, ...(source ? { source } : {}) }, 3) : null;
  const outcome = initial?.status !== 'paused' ? saved : null;
  // Which occurrence the invoice itself stands for: the first (0), a later one (never made again), or none (null).
  const stands = valid && !initial ? sourceOccurrence(values, source) : null;
  const covered = initial ? initial.generated : stands === 0 ? 1 : 0;
  // The coming dates start after those made on saving: a first date typed in the past never lists past dates (verify12).
  const preview = saved?.coming ?? [];
  const set = valueSetter(setForm);
  const field = fieldBinder(form, fieldSetter(setForm), (k) => (errors[k] ? t(errors[k], RECURRING_LIMITS) : serverErrors[k]));

  async function submit(e: FormEvent | null, confirmed = false) {
    e?.preventDefault();
    setTried(true);
    if (Object.keys(recurringErrors(form, dateRule)).length) return;
    // A repeat, new or edited, that would make an invoice today (or for dates already passed) says so and asks first.
    const now = madeAtOnce(values, source, todayForBusiness(), initial);
    if (now.length && !confirmed) {
      setAsking(now);
      return;
    }
    setAsking(null);
    setSaving(true);
    try {
      await onSave(now.length ? { ...values, make_past: true } : values);
      draft.clear();
    } catch (error) {
      setServerErrors(describeError(error).fields);
      throw error;
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
      <Stack gap="sm">
        <DraftNotice draft={draft} />
        <Select
          label={t('frequency')}
          data-autofocus
          value={frequency}
          allowDeselect={false}
          onChange={(v) => v && set('frequency', v as RecurringFrequency)}
          data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
        />
        {frequency === 'months' && <TextInput label={t('interval')} inputMode="numeric" {...field('interval')} />}
        <TextInput type="date" label={t('startDate')} {...field('start_date')} disabled={!!initial && initial.generated > 0} />
        <Radio.Group label={t('ends')} value={ends} onChange={(v) => set('ends', v as Ends)}>
          <Group gap="md" mt={4}>
            <Radio value="never" label={t('endsNever')} />
            <Radio value="on" label={t('endsOn')} />
            <Radio value="after" label={t('endsAfter')} />
          </Group>
        </Radio.Group>
        {ends === 'on' && <TextInput type="date" label={t('endDate')} {...field('end_date')} />}
        {ends === 'after' && <TextInput label={t('count')} inputMode="numeric" {...field('count')} />}
        <Radio.Group label={t('sendMode')} value={form.send_mode} onChange={(v) => set('send_mode', v as RecurringSendMode)}>
          <Stack gap={4} mt={4}>
            <Radio value="draft" label={t('sendModes.draft')} />
            <Radio value="send" label={t('sendModes.send')} />
          </Stack>
        </Radio.Group>
        {initial && <Checkbox label={t('refreshTemplate')} checked={form.refresh} onChange={(e) => set('refresh', e.currentTarget.checked)} />}
        {outcome && (covered > 0 ? outcome.next || outcome.atOnce.length > 0 : outcome.atOnce.length > 0 || !!stands) && (
          <Text size="sm" data-testid="recurring-source-first">
            {outcome.atOnce.length === 0 && covered > 0
              ? t('sourceIsFirst', { date: formatDate(outcome.next!) })
              : [
                  ...(covered > 0 ? [t('sourceFirst')] : []),
                  ...(outcome.atOnce.length
                    ? [
                        t(covered > 0 ? 'madeOnSaving' : 'madeOnSavingFirst', {
                          count: outcome.atOnce.length,
                          date: formatDate(outcome.atOnce[0]!),
                          last: formatDate(outcome.atOnce[outcome.atOnce.length - 1]!),
                        }),
                      ]
                    : []),
                  ...(stands ? [t('sourceStandsFor', { date: formatDate(source!.issue_date) })] : []),
                  outcome.next ? t('nextAfterThose', { date: formatDate(outcome.next) }) : t('noMoreAfterThose'),
                ].join(' ')}
          </Text>
        )}
        {preview.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="recurring-preview">
            {preview.map((d) => formatDate(d)).join(' · ')}
          </Text>
        )}
        {asking ? (
          <Alert
            color="orange"
            title={t('confirmTitle', { count: asking.length })}
            role="alertdialog"
            aria-label={t('confirmTitle', { count: asking.length })}
            data-testid="recurring-confirm-today"
          >
            <Stack gap="xs">
              <Text size="sm">{confirmText(t, asking, todayForBusiness(), form.send_mode)}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setAsking(null)}>
                  {t('confirmNo')}
                </Button>
                <Button color="orange" loading={saving} onClick={() => void submit(null, true).catch(() => undefined)}>
                  {t('confirmYes', { count: asking.length })}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <CancelAndSubmit cancel={t('cancel')} onCancel={onClose} submit={t('save')} pending={saving} />
        )}
      </Stack>
    </form>
  );
}
