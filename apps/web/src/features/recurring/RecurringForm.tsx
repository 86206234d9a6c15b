import './strings';
import { isIsoDate, RECURRING_FREQUENCIES, type RecurringFrequency, type RecurringRecord, type RecurringSendMode, upcomingDates, formatDate } from '@duka/core';
import { Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../ui/errors';
import { useStrings } from '../../i18n';
import { todayForBusiness } from '../../data/today';
import { SubmitButton } from '../../ui/form';

export interface RecurringValues {
  frequency: RecurringFrequency;
  interval: number;
  start_date: string;
  end_date: string | null;
  count: number | null;
  send_mode: RecurringSendMode;
  /** Edit only: copy the invoice's current lines, client and notes for the next invoices. */
  refresh_template?: boolean;
}

type Ends = 'never' | 'on' | 'after';

/** Problems with what was entered; values are i18n keys. */
export function recurringErrors(v: {
  frequency: RecurringFrequency;
  interval: string;
  start: string;
  ends: Ends;
  end: string;
  count: string;
}): Record<string, string> {
  const e: Record<string, string> = {};
  if (!isIsoDate(v.start)) e.start_date = 'errors.startDate';
  if (v.frequency === 'months' && !/^\d+$/.test(v.interval.trim())) e.interval = 'errors.interval';
  else if (v.frequency === 'months' && (Number(v.interval) < 1 || Number(v.interval) > 36)) e.interval = 'errors.interval';
  if (v.ends === 'on' && (!isIsoDate(v.end) || v.end < v.start)) e.end_date = 'errors.endDate';
  if (v.ends === 'after' && (!/^\d+$/.test(v.count.trim()) || Number(v.count) < 1 || Number(v.count) > 1000)) e.count = 'errors.count';
  return e;
}

type Props = { opened: boolean; onClose: () => void; initial?: RecurringRecord; onSave: (v: RecurringValues) => Promise<void> };

/** Create or edit a repeat: how often, from when, until when, and whether to send automatically. */
export function RecurringModal(props: Props) {
  const { t } = useStrings('recurring');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.initial ? t('editTitle') : t('newTitle')} centered>
      <RecurringForm {...props} />
    </Modal>
  );
}

function RecurringForm({ onClose, initial, onSave }: Props) {
  const { t } = useStrings('recurring');
  const [frequency, setFrequency] = useState<RecurringFrequency>(initial?.frequency ?? 'monthly');
  const [interval, setInterval] = useState(String(initial?.frequency === 'months' ? initial.interval : 2));
  const [start, setStart] = useState(initial?.start_date ?? todayForBusiness());
  const [ends, setEnds] = useState<Ends>(initial?.end_date ? 'on' : initial?.count ? 'after' : 'never');
  const [end, setEnd] = useState(initial?.end_date ?? '');
  const [count, setCount] = useState(initial?.count ? String(initial.count) : '12');
  const [sendMode, setSendMode] = useState<RecurringSendMode>(initial?.send_mode ?? 'draft');
  const [refresh, setRefresh] = useState(false);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const entered = { frequency, interval, start, ends, end, count };
  const errors = tried ? recurringErrors(entered) : {};
  const values: RecurringValues = {
    frequency,
    interval: frequency === 'months' ? Number(interval) || 1 : 1,
    start_date: start,
    end_date: ends === 'on' ? end : null,
    count: ends === 'after' ? Number(count) || null : null,
    send_mode: sendMode,
    ...(initial && refresh ? { refresh_template: true } : {}),
  };
  const preview = Object.keys(recurringErrors(entered)).length ? [] : upcomingDates({ ...values }, 0, 3);
  const err = (k: string) => (errors[k] ? t(errors[k]) : serverErrors[k]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(recurringErrors(entered)).length) return;
    setSaving(true);
    try {
      await onSave(values);
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
        <Select
          label={t('frequency')}
          data-autofocus
          value={frequency}
          allowDeselect={false}
          onChange={(v) => v && setFrequency(v as RecurringFrequency)}
          data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
        />
        {frequency === 'months' && (
          <TextInput label={t('interval')} inputMode="numeric" value={interval} onChange={(e) => setInterval(e.currentTarget.value)} error={err('interval')} />
        )}
        <TextInput
          type="date"
          label={t('startDate')}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          error={err('start_date')}
          disabled={!!initial && initial.generated > 0}
        />
        <Radio.Group label={t('ends')} value={ends} onChange={(v) => setEnds(v as Ends)}>
          <Group gap="md" mt={4}>
            <Radio value="never" label={t('endsNever')} />
            <Radio value="on" label={t('endsOn')} />
            <Radio value="after" label={t('endsAfter')} />
          </Group>
        </Radio.Group>
        {ends === 'on' && <TextInput type="date" label={t('endDate')} value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={err('end_date')} />}
        {ends === 'after' && (
          <TextInput label={t('count')} inputMode="numeric" value={count} onChange={(e) => setCount(e.currentTarget.value)} error={err('count')} />
        )}
        <Radio.Group label={t('sendMode')} value={sendMode} onChange={(v) => setSendMode(v as RecurringSendMode)}>
          <Stack gap={4} mt={4}>
            <Radio value="draft" label={t('sendModes.draft')} />
            <Radio value="send" label={t('sendModes.send')} />
          </Stack>
        </Radio.Group>
        {initial && <Checkbox label={t('refreshTemplate')} checked={refresh} onChange={(e) => setRefresh(e.currentTarget.checked)} />}
        {preview.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="recurring-preview">
            {preview.map((d) => formatDate(d)).join(' · ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <SubmitButton pending={saving}>{t('save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
