import '../../fiscal/strings';
import { countryDisplayName, FISCAL_BRANCH_ID_LENGTH, type FiscalSettings, fiscalSettingsBody } from '@duka/core';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '../../../data/api';
import { useSyncState } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import { serverMessage } from '../../../ui/errors';
import { fieldBinder, fieldSetter, FormAlert, SubmitButton } from '../../../ui/form';
import { toast } from '../../../ui/toast';
import { SettingsPanel } from '../SettingsPanel';

export const FISCAL_SETTINGS_KEY = ['fiscal', 'settings'] as const;
const SANDBOX = 'https://etims-api-sbx.kra.go.ke/etims-api';

type Form = { tin: string; branch_id: string; device_serial: string; api_base: string };
const FIELD_ERROR: Record<keyof Form, string> = { tin: 'errTin', branch_id: 'errBranch', device_serial: 'errSerial', api_base: 'errApiBase' };

/**
 * The fields core's PUT /fiscal/settings schema refuses, each with its message in the owner's language (the rules
 * are core's fiscalSettingsBody; only the words are the web's).
 */
export function fiscalSettingsErrors(form: Form, t: (key: string) => string): Record<string, string> {
  const parsed = fiscalSettingsBody.safeParse(form);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const k = issue.path[0] as keyof Form;
    if (k in FIELD_ERROR && !out[k]) out[k] = t(FIELD_ERROR[k]);
  }
  return out;
}

/**
 * Settings → KRA eTIMS (issue 26): where the business's documents are signed (TEST MODE, or its own KRA eTIMS
 * OSCU device: KRA PIN, branch, device serial, eTIMS address), the device's state, and initialising it. The server
 * keeps the settings encrypted and never shows the communication key; changing them needs the server (online).
 */
export default function FiscalSettingsPage() {
  const { t } = useStrings('fiscal');
  const language = useLanguage();
  const { online } = useSyncState();
  const user = useCurrentUser();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: FISCAL_SETTINGS_KEY, queryFn: () => api('GET /fiscal/settings'), enabled: online });
  const [mode, setMode] = useState<'test' | 'oscu'>('test');
  const [form, setForm] = useState<Form>({ tin: '', branch_id: '00', device_serial: '', api_base: SANDBOX });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const s = q.data;
  // What the server answered fills the form (once per answer: a new answer after a save fills it again).
  const [seen, setSeen] = useState<FiscalSettings | null>(null);
  if (s && s !== seen) {
    setSeen(s);
    setMode(s.source === 'business' ? 'oscu' : 'test');
    if (s.source === 'business')
      setForm({ tin: s.tin ?? '', branch_id: s.branch_id ?? '00', device_serial: s.device_serial ?? '', api_base: s.api_base ?? SANDBOX });
  }

  const set = fieldSetter(setForm, setErrors);
  const unchanged = !!s && form.tin === s.tin && form.branch_id === s.branch_id && form.device_serial === s.device_serial && form.api_base === s.api_base;
  const field = fieldBinder(form, set, (k) => errors[k]);

  async function run(call: () => Promise<FiscalSettings>, done: string) {
    setBusy(true);
    setFailure(null);
    try {
      qc.setQueryData(FISCAL_SETTINGS_KEY, await call());
      toast.success(done);
    } catch (err) {
      // The server's refusal (e.g. KRA did not initialise the device) stays on the form: the owner has to act on it.
      const message = refusalOf(err) ?? serverMessage(err);
      if (message) setFailure(message);
      else toast.error(err);
      void qc.invalidateQueries({ queryKey: FISCAL_SETTINGS_KEY });
    } finally {
      setBusy(false);
    }
  }

  /** The refusals the owner acts on, in their language: the device is another account's (409), a private address (400). */
  function refusalOf(err: unknown): string | null {
    if (!(err instanceof ApiError)) return null;
    if (err.status === 409) return t('deviceTaken', { tin: form.tin.trim().toUpperCase(), branch: form.branch_id.trim(), serial: form.device_serial.trim() });
    if (err.status === 400 && err.fields?.api_base && /private, local or internal/.test(err.fields.api_base)) return t('errPrivateAddress');
    return null;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (mode === 'test') return void run(() => api('DELETE /fiscal/settings'), t('testSaved'));
    const found = fiscalSettingsErrors(form, (k) => t(k));
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(() => api('PUT /fiscal/settings', { body: fiscalSettingsBody.parse(form) }), t('saved'));
  }

  let body;
  if (!online && !s) body = <Alert color="yellow">{t('offline')}</Alert>;
  else if (q.isError && !s) body = <Alert color="red">{t('loadFailed')}</Alert>;
  else if (!s)
    body = (
      <Group justify="center" py="md">
        <Loader role="status" aria-label={t('settingsTitle')} />
      </Group>
    );
  else
    body = (
      <Stack gap="md">
        <Status s={s} />
        {s.mode === 'off' && (
          // Not Kenya (issue 26 F8): KRA eTIMS does not apply; settings left from before can still be removed.
          <Stack gap="sm">
            <Alert color="gray" data-testid="fiscal-not-applicable">
              {user?.country ? t('notApplicable', { country: countryDisplayName(user.country, language) }) : t('notApplicableNoCountry')}
            </Alert>
            {s.source === 'business' && (
              <>
                <FormAlert message={failure} />
                <Group justify="flex-end">
                  <Button loading={busy} disabled={!online} onClick={() => void run(() => api('DELETE /fiscal/settings'), t('removed'))}>
                    {t('removeSettings')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
        {s.mode !== 'off' && (
          <form onSubmit={submit} noValidate aria-label={t('settingsTitle')}>
            <Stack gap="sm">
              <Title order={3} fz="md">
                {t('chooseMode')}
              </Title>
              <SegmentedControl
                fullWidth
                value={mode}
                onChange={(v) => setMode(v as 'test' | 'oscu')}
                data={[
                  { value: 'test', label: t('useTest') },
                  { value: 'oscu', label: t('useOscu') },
                ]}
                aria-label={t('chooseMode')}
              />
              {mode === 'test' ? (
                <Text size="sm" c="dimmed">
                  {s.source === 'server' ? t('serverSet') : t('testExplained')}
                </Text>
              ) : (
                <>
                  <TextInput label={t('tin')} description={t('tinHint')} autoComplete="off" {...field('tin')} />
                  <TextInput
                    label={t('branchId')}
                    description={t('branchHint')}
                    inputMode="numeric"
                    maxLength={FISCAL_BRANCH_ID_LENGTH}
                    {...field('branch_id')}
                  />
                  <TextInput label={t('deviceSerial')} description={t('deviceSerialHint')} autoComplete="off" {...field('device_serial')} />
                  <TextInput label={t('apiBase')} description={t('apiBaseHint')} type="url" {...field('api_base')} />
                </>
              )}
              <FormAlert message={failure} />
              <SubmitButton pending={busy} align="flex-end" disabled={!online || (mode === 'test' && s.source !== 'business')}>
                {mode === 'test' ? t('useTestSave') : s.source === 'business' && unchanged ? t('initAgain') : t('saveInit')}
              </SubmitButton>
            </Stack>
          </form>
        )}
      </Stack>
    );

  return (
    // Outside Kenya the introduction (what Duka sends to KRA) would not be true: the notice below says why.
    <SettingsPanel title={t('settingsTitle')} intro={s?.mode === 'off' ? null : t('settingsIntro')} maxWidth={560}>
      {body}
    </SettingsPanel>
  );
}

function Status({ s }: { s: FiscalSettings }) {
  const { t } = useStrings('fiscal');
  const rows: Array<[string, string]> = [
    [t('statusMode'), s.mode === 'off' ? t('modeOff') : s.mode === 'test' ? t('modeTest') : t('modeEtims')],
    [t('statusSource'), s.source === 'business' ? t('sourceBusiness') : s.source === 'server' ? t('sourceServer') : t('sourceNone')],
  ];
  if (s.mode !== 'off') rows.push([t('statusDevice'), s.initialised ? t('deviceReady', { id: s.control_unit_id ?? '—' }) : t('deviceNotReady')]);
  return (
    <section aria-label={t('statusHeading')} data-testid="fiscal-settings-status">
      <Title order={3} fz="md" mb={4}>
        {t('statusHeading')}
      </Title>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </section>
  );
}
