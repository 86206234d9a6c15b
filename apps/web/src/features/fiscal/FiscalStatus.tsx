import './strings';
import { fiscalDateTimeText, type FiscalFixKind, fiscalFixKind, groupsOfFour } from '@duka/core';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../data/api';
import { useStrings } from '../../i18n';
import { toast } from '../../ui/toast';
import { type DeviceFiscalView, fiscalKey } from './useFiscal';

const FIX_KEYS: Record<FiscalFixKind, [string, string?]> = {
  buyer_pin: ['fixBuyerPin'],
  tax_band: ['fixTaxBand'],
  original: ['fixOriginal'],
  item: ['fixItem', 'fixItemTest'],
  generic_item: ['fixGenericItem', 'fixGenericItemTest'],
  settings: ['fixSettings'],
  device: ['fixDevice'],
  other: ['fixOther', 'fixOtherTest'],
};

/** The owner's words for what to fix, by the kind of refusal (core fiscalFixKind; English as core's fiscalErrorFix). */
export function fixKey(code: string | null | undefined, test: boolean): string {
  const [real, inTest] = FIX_KEYS[fiscalFixKind(code)];
  return (test && inTest) || real;
}

/**
 * The fiscal state on the owner's invoice view (issue 26): "awaiting KRA" (with the last time-out if any),
 * the fiscal block once KRA signed, or KRA's refusal with what to fix and "Send to KRA again". In TEST MODE no word
 * says KRA has it: "Awaiting its TEST MODE signature", "Sign again in TEST MODE".
 */
export function FiscalStatus({ invoiceId, view }: { invoiceId: string; view: DeviceFiscalView | null }) {
  const { t } = useStrings('fiscal');
  const qc = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api('POST /invoices/:id/fiscal/retry', { params: { id: invoiceId } }),
    onSuccess: (data) => {
      qc.setQueryData(fiscalKey(invoiceId), data);
      toast.success(t(data.test ? 'sentAgainTest' : 'sentAgain'));
    },
    onError: (e) => toast.error(e),
  });
  if (!view?.state) return null;
  const test = view.test && (
    // Dark red on white, not a light Badge: readable (contrast above 4.5:1) and free to wrap at 360 px.
    <Text
      size="xs"
      fw={700}
      c="red.9"
      data-testid="fiscal-test"
      style={{ border: '1px solid currentColor', borderRadius: 4, padding: '1px 6px', alignSelf: 'flex-start', textTransform: 'uppercase' }}
    >
      {t('testMode')}
    </Text>
  );
  if (view.state === 'provisional') {
    // Made on this device before it heard how the business signs: neither "KRA" nor "TEST MODE" (issue 26).
    const [title, body] = view.mode_unknown
      ? [t('awaitingUnknown'), t('awaitingBodyUnknown')]
      : view.test
        ? [t('awaitingTest'), t('awaitingBodyTest')]
        : [t('awaiting'), t('awaitingBody')];
    return (
      <Alert
        color="yellow"
        variant="light"
        role="status"
        title={title}
        data-testid="fiscal-awaiting"
        // A yellow title on the yellow tint fails contrast: the title in the text colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Stack gap={4}>
          {test}
          <Text size="sm">{body}</Text>
          {view.error && <Text size="sm">{t(view.test ? 'awaitingRetryTest' : 'awaitingRetry', { message: view.error.message })}</Text>}
        </Stack>
      </Alert>
    );
  }
  if (view.state === 'fiscal_error')
    return (
      <Alert color="red" variant="light" role="alert" title={view.test ? t('refusedTest') : t('refused')} data-testid="fiscal-error">
        <Stack gap={6}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {view.error?.message}
          </Text>
          {view.error && <Text size="sm">{t('whatToFix', { fix: t(fixKey(view.error.code, view.test)) })}</Text>}
          <Group>
            <Button size="xs" variant="light" color="red" loading={retry.isPending} onClick={() => retry.mutate()}>
              {view.test ? t('sendAgainTest') : t('sendAgain')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  const rows: Array<[string, string]> = [
    [t('controlUnit'), view.control_unit_id ?? ''],
    [t('fiscalNumber'), `${view.fiscal_number ?? ''} · ${t('receipt')} ${view.receipt_label ?? ''}`],
    ...(view.credits_fiscal_number ? [[t('creditsFiscalNumber'), view.credits_fiscal_number] as [string, string]] : []),
    [t('internalData'), groupsOfFour(view.internal_data ?? '')],
    [t('signature'), groupsOfFour(view.signature ?? '')],
    [t('dateTime'), view.fiscal_datetime ? fiscalDateTimeText(view.fiscal_datetime) : ''],
  ];
  return (
    <Card withBorder padding="sm" data-testid="fiscal-block">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          {/* TEST MODE: nothing went to KRA, so it is not called fiscalised with KRA (like "Paid (TEST)"). */}
          <Text fw={600} data-testid="fiscal-title">
            {view.test ? t('fiscalisedTest') : t('fiscalised')}
          </Text>
          {test}
        </Group>
        {view.test && (
          <Text size="xs" c="dimmed">
            {t('testModeBody')}
          </Text>
        )}
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="wrap" justify="space-between" data-testid={label === t('creditsFiscalNumber') ? 'fiscal-credits' : undefined}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="xs" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
