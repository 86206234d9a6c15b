import '../strings';
import { formatDate, formatMoney, type RefundDue } from '@duka/core';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../../data/api';
import { db, type DukaDb } from '../../../data/db';
import { todayForBusiness } from '../../../data/today';
import { useSyncState } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';

const refundsKey = (invoiceId: string) => ['refunds-due', invoiceId] as const;
const deviceKey = (invoiceId: string) => `refunds-due:${invoiceId}`;

/** The last answer kept on the device (the meta table, cleared at log out), so the notice shows offline too. */
async function keepOnDevice(d: DukaDb, invoiceId: string, refunds: RefundDue[]): Promise<void> {
  if (refunds.length) await d.meta.put({ key: deviceKey(invoiceId), value: JSON.stringify(refunds) });
  else await d.meta.delete(deviceKey(invoiceId));
}

function fromDevice(value: string | number | undefined): RefundDue[] {
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as RefundDue[]) : [];
  } catch {
    return [];
  }
}

/**
 * On the owner's invoice view: money a customer paid online that the invoice could not take (it came after the
 * invoice was voided, or was more than it owed). The server keeps these (not a synced record): the page asks when
 * online and keeps the answer on the device, so the notice stays visible offline; "I have refunded it" (online)
 * takes one away.
 */
export function RefundsDue({ invoiceId, onServer, d = db }: { invoiceId: string; onServer: boolean; d?: DukaDb }) {
  const { t } = useStrings('invoices');
  const { online } = useSyncState();
  const qc = useQueryClient();
  const due = useQuery({
    queryKey: refundsKey(invoiceId),
    queryFn: async () => {
      const answer = await api('GET /invoices/:id/refunds-due', { params: { id: invoiceId } });
      await keepOnDevice(d, invoiceId, answer.refunds);
      return answer;
    },
    enabled: online && onServer,
    staleTime: 30_000,
  });
  const done = useMutation({
    mutationFn: (intentId: string) => api('POST /invoices/:id/refunds-due/:intent_id/refunded', { params: { id: invoiceId, intent_id: intentId } }),
    onSuccess: async (data) => {
      qc.setQueryData(refundsKey(invoiceId), data);
      await keepOnDevice(d, invoiceId, data.refunds);
      toast.success(t('refundMarked'));
    },
    onError: (e) => toast.error(e),
  });
  const kept = useLiveQuery(() => d.meta.get(deviceKey(invoiceId)), [d, invoiceId]);
  const refunds = due.data?.refunds ?? fromDevice(kept?.value);
  if (!refunds.length) return null;
  const message = (r: RefundDue) => (r.reason === 'voided' ? t('refundVoided') : r.reason === 'overpaid' ? t('refundOverpaid') : t('refundOther'));
  return (
    <Stack gap="xs" data-testid="refunds-due">
      {refunds.map((r) => (
        <Alert key={r.id} color="red" variant="light" title={t('refundTitle')} role="alert">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {message(r)}
            </Text>
            <Text size="sm" data-testid="refund-details">
              {t('refundDetails', {
                amount: formatMoney(r.amount, r.currency),
                method: t(`methods.${r.method}`),
                reference: r.reference,
                // The business's day the money came (23:30 UTC is the next day in Lagos or Nairobi).
                date: formatDate(todayForBusiness(new Date(r.received_at))),
              })}
            </Text>
            <div>
              <Button
                size="compact-sm"
                variant="default"
                loading={done.isPending && done.variables === r.id}
                disabled={!online}
                onClick={() => done.mutate(r.id)}
              >
                {t('refundDone')}
              </Button>
            </div>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
