import '../strings';
import { formatDate, formatMoney, type RefundDue } from '@duka/core';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../data/api';
import { useSyncState } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';

const refundsKey = (invoiceId: string) => ['refunds-due', invoiceId] as const;

/**
 * On the owner's invoice view: money a customer paid online that the invoice could not take (it came after the
 * invoice was voided, or was more than it owed). The server keeps these (not a synced record), so they show
 * when online, and stay on screen while the page is open; "I have refunded it" takes one away.
 */
export function RefundsDue({ invoiceId, onServer }: { invoiceId: string; onServer: boolean }) {
  const { t } = useStrings('invoices');
  const { online } = useSyncState();
  const qc = useQueryClient();
  const due = useQuery({
    queryKey: refundsKey(invoiceId),
    queryFn: () => api('GET /invoices/:id/refunds-due', { params: { id: invoiceId } }),
    enabled: online && onServer,
    staleTime: 30_000,
  });
  const done = useMutation({
    mutationFn: (intentId: string) => api('POST /invoices/:id/refunds-due/:intent_id/refunded', { params: { id: invoiceId, intent_id: intentId } }),
    onSuccess: (data) => {
      qc.setQueryData(refundsKey(invoiceId), data);
      toast.success(t('refundMarked'));
    },
    onError: (e) => toast.danger(e instanceof ApiError ? e.message : String(e)),
  });
  const refunds = due.data?.refunds ?? [];
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
                date: formatDate(r.received_at.slice(0, 10)),
              })}
            </Text>
            <div>
              <Button size="compact-sm" variant="default" loading={done.isPending && done.variables === r.id} onClick={() => done.mutate(r.id)}>
                {t('refundDone')}
              </Button>
            </div>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
