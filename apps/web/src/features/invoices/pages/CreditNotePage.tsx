import '../creditStrings';
import {
  isBilledKind,
  buildCreditNote,
  businessFiscalises,
  computeInvoiceTotals,
  CREDIT_QUANTITY_INPUT,
  CREDIT_REASON_CODES,
  CREDIT_REASON_MAX,
  DEFAULT_CREDIT_REASON_CODE,
  formatMoney,
  remainingCreditable,
  remainingQuantities,
} from '@duka/core';
import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRecord, useRecords } from '../../../data/sync/hooks';
import { getCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { StepNumberInput } from '../../../ui/StepNumberInput';
import { toast } from '../../../ui/toast';
import { asCreditSource, creditNotesFor, creditRule, issueCreditNote, priorOf } from '../lib/creditNotes';
import { asInvoice } from '../lib/model';
import { useFiscal } from '../../fiscal/useFiscal';
import { PAGES, pagePaths } from '../../../paths';

/** /invoices/:id/credit-note: choose the lines and quantities to credit and the reason (issue 26); works offline. */
export default function CreditNotePage() {
  const { t } = useStrings('credit');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const record = useRecord('invoices', id);
  const all = useRecords('invoices');
  const inv = useMemo(() => (record ? asInvoice(record) : null), [record]);
  const client = useRecord('contacts', inv?.contact_id ?? null) ?? null;
  const creditNotes = useMemo(() => (all && inv ? creditNotesFor(all, inv.id) : []), [all, inv]);
  const left = useMemo(() => (inv ? remainingQuantities(inv, priorOf(creditNotes)) : new Map<string, number>()), [inv, creditNotes]);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  // KRA's reason code, for a business that sends its documents to KRA eTIMS (issue 26); refund unless chosen.
  const kra = businessFiscalises(getCurrentUser()?.country);
  const [reasonCode, setReasonCode] = useState<string>(DEFAULT_CREDIT_REASON_CODE);
  // A ready invoice KRA signed is credited too (issue 26 D2): it can no longer be edited.
  const fiscalView = useFiscal(inv && isBilledKind(inv.kind) ? inv : null, inv?.version !== undefined).view;
  const signed = fiscalView?.state === 'fiscalised';
  // TEST MODE (or not known yet): the hint does not say the reason goes to KRA.
  const testMode = fiscalView?.test !== false || !!fiscalView.mode_unknown;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const picks = Object.entries(qty)
    .filter(([, q]) => q > 0)
    .map(([line_id, quantity]) => ({ line_id, quantity }));
  // The total as the server will compute it (core's rules); a broken rule names what to fix.
  const preview = useMemo(() => {
    if (!inv || picks.length === 0) return { total: 0, rule: null as string | null };
    try {
      return { total: computeInvoiceTotals(buildCreditNote(asCreditSource(inv, signed), priorOf(creditNotes), picks, reason || '-')).total_due, rule: null };
    } catch (err) {
      return { total: 0, rule: creditRule(err) };
    }
  }, [inv, creditNotes, picks, reason, signed]);

  if (record === undefined || all === undefined) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader />
      </Center>
    );
  }
  if (!inv) {
    return (
      <>
        <PageHeader title={t('action')} back={PAGES.invoices} />
        <Text role="alert">{t('notFound')}</Text>
      </>
    );
  }
  const money = (n: number) => formatMoney(n, inv.currency, { minor: true });
  const remaining = remainingCreditable(asCreditSource(inv), priorOf(creditNotes));

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const cn = await issueCreditNote(inv, creditNotes, picks, reason, kra ? reasonCode : null, signed);
      toast.success(t('issued', { number: cn.number }));
      navigate(pagePaths.invoice(cn.id), { replace: true });
    } catch (err) {
      const rule = creditRule(err);
      if (rule) setError(t(`rules.${rule}`));
      else toast.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={640}>
      <PageHeader title={t('title', { number: inv.number })} back={pagePaths.invoice(inv.id)} />
      <Text size="sm">{t('intro', { client: client?.name ?? '—' })}</Text>
      {remaining <= 0 ? (
        <Alert color="blue" role="status">
          {t('fullyCredited')}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="credit-remaining">
            {t('remaining', { amount: money(remaining) })}
          </Text>
          <Button
            variant="light"
            onClick={() => setQty(Object.fromEntries([...left].filter(([, q]) => q > 0)))}
            data-testid="credit-all"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('all')}
          </Button>
          {inv.lines.map((l, i) => {
            const max = left.get(l.id) ?? 0;
            return (
              <Card key={l.id} withBorder padding="sm">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('each', { price: money(l.unit_price) })}
                </Text>
                <StepNumberInput
                  mt="xs"
                  label={t('quantity')}
                  stepName={`${t('quantity')} (${l.description})`}
                  description={t('upTo', { max })}
                  min={CREDIT_QUANTITY_INPUT.min}
                  max={max}
                  decimalScale={CREDIT_QUANTITY_INPUT.decimals}
                  disabled={max <= 0}
                  value={qty[l.id] ?? 0}
                  onChange={(v) => setQty((q) => ({ ...q, [l.id]: typeof v === 'number' ? v : Number(v) || 0 }))}
                  data-testid={`credit-qty-${i}`}
                />
              </Card>
            );
          })}
          <Textarea
            label={t('reason')}
            placeholder={t('reasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={CREDIT_REASON_MAX}
            autosize
            minRows={2}
            required
            data-testid="credit-reason"
          />
          {kra && (
            <Select
              label={t('kraReason')}
              description={t(testMode ? 'kraReasonHintTest' : 'kraReasonHint')}
              data={CREDIT_REASON_CODES.map((c) => ({ value: c, label: `${c} · ${t(`reasonCodes.${c}`)}` }))}
              value={reasonCode}
              onChange={(v) => setReasonCode(v ?? DEFAULT_CREDIT_REASON_CODE)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="credit-reason-code"
            />
          )}
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('total')}</Text>
            <Text fw={700} data-testid="credit-total">
              {money(preview.total)}
            </Text>
          </Group>
          {(error || preview.rule) && (
            <Alert color="red" role="alert" data-testid="credit-error">
              {error ?? t(`rules.${preview.rule}`)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(pagePaths.invoice(inv.id))}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy} disabled={picks.length === 0 || !reason.trim() || !!preview.rule} data-testid="credit-issue">
              {t('issue')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
