import { type DateOrder, formatDate, guessMapping, IMPORT_FIELDS, type ImportKind, type SheetDateOrder } from '@duka/core';
import { Alert, Button, Checkbox, FileInput, Group, Loader, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseInvoiceSettings, useCurrentUser } from '../../data/user';
import { useStrings } from '../../i18n';
import { toast } from '../toast';
import { parseCsvText } from './file';
import { importProblemMessage } from './problems';
import { buildPreview, commitImport, existingKeys, fileDateOrder, type ImportDefaults, mapRow, type PreviewRow, updateRow } from './importer';
import { DateOrderChoice } from './DateOrderChoice';
import { ImportConfirm } from './ImportConfirm';
import './strings';

type Step =
  | { name: 'file' }
  | { name: 'map'; headers: string[]; rows: string[][]; mapping: Record<string, number> }
  | { name: 'preview'; rows: PreviewRow[]; existing: Set<string>; dates: SheetDateOrder | null };

const SAMPLE = 5;

/** Import clients, catalog items or expenses from a CSV: map columns, preview and fix rows, confirm. */
export function ImportModal({ kind, onClose, unit }: { kind: ImportKind | null; onClose: () => void; unit?: (typed: string) => string }) {
  const { t } = useStrings('csv');
  const user = useCurrentUser();
  const settings = parseInvoiceSettings(user);
  // The server reads a client's phone with the business's country (users.country); the settings' country is the fallback.
  const defaults: ImportDefaults = { currency: settings.currency ?? 'NGN', country: user?.country || settings.country?.iso_code || undefined, unit };
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [skipDuplicates, setSkip] = useState(true);
  if (!kind) return null;
  const fields = IMPORT_FIELDS[kind];
  const fieldLabel = (f: { key: string }) => t(`fields.${f.key}`);
  const kindLabel = t(`kinds.${kind}`);

  const close = () => {
    setStep({ name: 'file' });
    setProblem(null);
    onClose();
  };

  const readFile = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    setBusy(true);
    try {
      const parsed = parseCsvText(await file.text());
      if (parsed.problem) setProblem(parsed.problem);
      else if (!parsed.rows.length) setProblem(t('nothing'));
      else setStep({ name: 'map', headers: parsed.headers, rows: parsed.rows, mapping: guessMapping(kind, parsed.headers) });
    } finally {
      setBusy(false);
    }
  };

  const toPreview = async (s: Extract<Step, { name: 'map' }>) => {
    const missing = fields.find((f) => f.required && (s.mapping[f.key] ?? -1) < 0);
    if (missing) return setProblem(t('needColumn', { label: fieldLabel(missing) }));
    setProblem(null);
    setBusy(true);
    const existing = await existingKeys(kind);
    const values = s.rows.map((cells) => mapRow(kind, cells, s.mapping));
    const dates = fileDateOrder(kind, values, defaults.country);
    setStep({ name: 'preview', existing, dates, rows: buildPreview(kind, values, existing, { ...defaults, date_order: dates?.order }) });
    setBusy(false);
  };

  const confirm = async (rows: PreviewRow[]) => {
    setBusy(true);
    try {
      const count = await commitImport(kind, rows, { skipDuplicates });
      toast.success(t(`imported.${kind}`, { count }));
      close();
    } catch (e) {
      setProblem(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={close} title={t('modalTitle', { kind: kindLabel.toLowerCase() })} size="lg">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {step.name === 'file' && (
          <>
            <FileInput label={t('file')} description={t('fileHint')} accept=".csv,text/csv" onChange={(f) => void readFile(f)} clearable />
            {busy && <Loader role="status" size="sm" aria-label={t('reading')} />}
          </>
        )}
        {step.name === 'map' && (
          <>
            <Text fw={600}>{t('mapTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('mapHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {fields.map((f) => (
                <NativeSelect
                  key={f.key}
                  label={f.required ? t('required', { label: fieldLabel(f) }) : fieldLabel(f)}
                  value={String(step.mapping[f.key] ?? -1)}
                  onChange={(e) => setStep({ ...step, mapping: { ...step.mapping, [f.key]: Number(e.currentTarget.value) } })}
                  data={[{ value: '-1', label: t('notInFile') }, ...step.headers.map((h, i) => ({ value: String(i), label: h || `#${i + 1}` }))]}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep({ name: 'file' })}>
                {t('back')}
              </Button>
              <Button onClick={() => void toPreview(step)} loading={busy}>
                {t('preview')}
              </Button>
            </Group>
          </>
        )}
        {step.name === 'preview' && (
          <Preview
            kind={kind}
            step={step}
            setStep={setStep}
            defaults={defaults}
            skip={skipDuplicates}
            setSkip={setSkip}
            busy={busy}
            onConfirm={confirm}
            onCancel={close}
          />
        )}
      </Stack>
    </Modal>
  );
}

function Preview({
  kind,
  step,
  setStep,
  defaults,
  skip,
  setSkip,
  busy,
  onConfirm,
  onCancel,
}: {
  kind: ImportKind;
  step: Extract<Step, { name: 'preview' }>;
  setStep: (s: Step) => void;
  defaults: ImportDefaults;
  skip: boolean;
  setSkip: (v: boolean) => void;
  busy: boolean;
  onConfirm: (rows: PreviewRow[]) => void;
  onCancel: () => void;
}) {
  const { t } = useStrings('csv');
  const fields = IMPORT_FIELDS[kind];
  const fieldLabel = (f: { key: string }) => t(`fields.${f.key}`);
  const rows = step.rows;
  const read = { ...defaults, date_order: step.dates?.order };
  // The owner switches the file's date order: every row is read again that way.
  const switchDates = (order: DateOrder) => {
    if (!step.dates) return;
    const again = buildPreview(
      kind,
      rows.map((r) => r.values),
      step.existing,
      { ...defaults, date_order: order },
    );
    setStep({ ...step, dates: { ...step.dates, order }, rows: again.map((r, i) => ({ ...r, line: rows[i]!.line })) });
  };
  // A sample row shows its date as read, so the order chosen can be checked at a glance.
  const shown = (r: PreviewRow, key: string) =>
    key === 'date' && r.result.ok && typeof r.result.data.date === 'string' ? formatDate(r.result.data.date) : r.values[key];
  const bad = rows.map((r, i) => [r, i] as const).filter(([r]) => !r.result.ok);
  const dups = rows.filter((r) => r.duplicate);
  const good = rows.filter((r) => r.result.ok && !r.duplicate);
  // Issue 29: expense rows with no amount (but who or what they paid for) are imported as pending expenses.
  const isPending = (r: PreviewRow) => r.result.ok && Boolean(r.result.data.amount_pending);
  const pending = rows.filter((r) => isPending(r) && !(skip && r.duplicate));
  const count = rows.length - bad.length - (skip ? dups.length : 0);
  const nameOf = (r: PreviewRow) => r.values.name || r.values.vendor || r.values.date || '';
  const edit = (i: number, key: string, value: string) =>
    setStep({ ...step, rows: updateRow(kind, rows, i, { ...rows[i]!.values, [key]: value }, step.existing, read) });
  const remove = (i: number) => setStep({ ...step, rows: rows.filter((_, j) => j !== i) });

  return (
    <>
      <Text fw={600} data-testid="import-summary">
        {t('summary', { rows: t('rows', { count: rows.length }), ready: good.length, bad: bad.length, dups: t('duplicates', { count: dups.length }) })}
      </Text>
      {step.dates && <DateOrderChoice dates={step.dates} onChange={switchDates} />}
      {bad.length > 0 && (
        <Stack gap="xs" component="section" aria-label={t('problemsTitle')}>
          <Text fw={600} c="red.9">
            {t('problemsTitle')}
          </Text>
          {bad.slice(0, 50).map(([r, i]) => (
            <Paper key={r.line} withBorder p="xs" data-testid="import-bad-row">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={700}>
                  {t('row', { line: r.line })}
                </Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(i)} aria-label={t('removeRow', { line: r.line })}>
                  ✕
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
                {fields.map((f) => (
                  <TextInput
                    key={f.key}
                    size="xs"
                    label={`${fieldLabel(f)} (${t('row', { line: r.line })})`}
                    value={r.values[f.key] ?? ''}
                    onChange={(e) => edit(i, f.key, e.currentTarget.value)}
                    error={r.result.ok || !r.result.errors[f.key] ? undefined : importProblemMessage(t, fieldLabel(f), r.result.errors[f.key])}
                  />
                ))}
              </SimpleGrid>
            </Paper>
          ))}
          {bad.length > 50 && <Text size="sm">{t('more', { count: bad.length - 50 })}</Text>}
        </Stack>
      )}
      {dups.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('duplicatesTitle')}</Text>
          {dups.slice(0, SAMPLE).map((r) => (
            <Text key={r.line} size="sm">
              {t(r.duplicate === 'existing' ? 'duplicateExisting' : 'duplicateFile', { line: r.line, name: nameOf(r) })}
            </Text>
          ))}
          {dups.length > SAMPLE && <Text size="sm">{t('more', { count: dups.length - SAMPLE })}</Text>}
          <Checkbox label={t('skipDuplicates')} checked={skip} onChange={(e) => setSkip(e.currentTarget.checked)} />
        </Stack>
      )}
      {pending.length > 0 && (
        <Alert color="orange" variant="light" data-testid="import-pending">
          {t('pendingRows', { count: pending.length })}
        </Alert>
      )}
      {good.length > 0 && (
        <Stack gap={2}>
          <Text fw={600}>{t('sample')}</Text>
          {good.slice(0, SAMPLE).map((r) => (
            <Text key={r.line} size="sm" truncate>
              {t('row', { line: r.line })}:{' '}
              {fields
                .map((f) => shown(r, f.key))
                .filter(Boolean)
                .concat(isPending(r) ? [t('noAmountYet')] : [])
                .join(' · ')}
            </Text>
          ))}
          {good.length > SAMPLE && <Text size="sm">{t('more', { count: good.length - SAMPLE })}</Text>}
        </Stack>
      )}
      {bad.length > 0 && (
        <Text size="sm" c="red.9">
          {t('fixFirst')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <ImportConfirm badLines={bad.map(([r]) => r.line)} count={count} busy={busy} onConfirm={() => onConfirm(rows)} />
      </Group>
    </>
  );
}
