import './strings';
import { hasPaidPlan, REMINDER_CHANNELS, type ReminderChannel, type ReminderRule } from '@duka/core';
import { Alert, Anchor, Checkbox, Group, Loader, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useSubscription } from '../plans/api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useStrings } from '../../i18n';
import { describeError } from '../../ui/errors';
import { toast } from '../../ui/toast';
import { getSettings, putSettings } from './api';
import { CancelAndSubmit } from '../../ui/form';
import { PAGES } from '../../paths';

/** The owner's default reminder rule (used by every invoice without its own). */
export function ReminderSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useStrings('reminders');
  const settings = useQuery({ queryKey: ['reminder-settings'], queryFn: getSettings, enabled: opened });
  const sub = useSubscription();
  // Unknown (offline): no warning rather than a wrong one; the invoice's panel says it too.
  const runs = sub.data ? hasPaidPlan(sub.data) : true;
  return (
    <Modal opened={opened} onClose={onClose} title={t('settingsTitle')} centered>
      {settings.data ? (
        <ReminderRuleForm initial={settings.data} onClose={onClose} onSave={putSettings} automatic={runs} />
      ) : (
        <Loader role="status" size="sm" aria-label={t('loading')} />
      )}
    </Modal>
  );
}

const num = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s) : s.trim() === '' ? null : NaN);

/** A reminder rule form (owner defaults or one invoice's own rule). */
export function ReminderRuleForm({
  initial,
  onClose,
  onSave,
  automatic = true,
}: {
  initial: ReminderRule;
  onClose: () => void;
  onSave: (rule: ReminderRule) => Promise<unknown>;
  /** Whether the owner's plan runs automatic reminders (false: switching them on says they will not run). */
  automatic?: boolean;
}) {
  const { t } = useStrings('reminders');
  const [enabled, setEnabled] = useState(initial.enabled);
  const [before, setBefore] = useState(initial.before_days === null ? '' : String(initial.before_days));
  const [onDue, setOnDue] = useState(initial.on_due);
  const [every, setEvery] = useState(initial.overdue_every_days === null ? '' : String(initial.overdue_every_days));
  const [limit, setLimit] = useState(String(initial.overdue_limit));
  const [channels, setChannels] = useState<ReminderChannel[]>(initial.channels);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const rule = { enabled, before_days: num(before), on_due: onDue, overdue_every_days: num(every), overdue_limit: num(limit) ?? 1, channels } as ReminderRule;
    const bad: Record<string, string> = {};
    if (Number.isNaN(rule.before_days)) bad.before_days = t('wholeNumber');
    if (Number.isNaN(rule.overdue_every_days)) bad.overdue_every_days = t('wholeNumber');
    if (Number.isNaN(rule.overdue_limit)) bad.overdue_limit = t('wholeNumber');
    setErrors(bad);
    if (Object.keys(bad).length) return;
    setSaving(true);
    try {
      await onSave(rule);
      toast.success(t('saved'));
      onClose();
    } catch (err) {
      const shown = describeError(err);
      if (Object.keys(shown.fields).length) setErrors(shown.fields);
      else toast.danger(shown.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Switch label={t('enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {enabled && !automatic && (
          <Alert color="yellow" p="xs" role="status" data-testid="reminders-wont-run">
            {t('wontRun')}{' '}
            <Anchor component={Link} to={PAGES.settingsBilling} size="sm">
              {t('upgrade')}
            </Anchor>
          </Alert>
        )}
        <TextInput label={t('beforeDays')} inputMode="numeric" value={before} onChange={(e) => setBefore(e.currentTarget.value)} error={errors.before_days} />
        <Checkbox label={t('onDue')} checked={onDue} onChange={(e) => setOnDue(e.currentTarget.checked)} />
        <TextInput
          label={t('everyDays')}
          inputMode="numeric"
          value={every}
          onChange={(e) => setEvery(e.currentTarget.value)}
          error={errors.overdue_every_days}
        />
        <TextInput label={t('limit')} inputMode="numeric" value={limit} onChange={(e) => setLimit(e.currentTarget.value)} error={errors.overdue_limit} />
        <Checkbox.Group label={t('channelsLabel')} value={channels} onChange={(v) => setChannels(v as ReminderChannel[])}>
          <Group gap="md" mt={4}>
            {REMINDER_CHANNELS.map((c) => (
              <Checkbox key={c} value={c} label={t(`channels.${c}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <CancelAndSubmit cancel={t('cancel')} onCancel={onClose} submit={t('save')} pending={saving} />
      </Stack>
    </form>
  );
}
