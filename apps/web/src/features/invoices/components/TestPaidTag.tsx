import { Badge } from '@mantine/core';
import { TEST_TAG } from '@duka/core';
import { useStrings } from '../../../i18n/lite';
import { useStatusLabel } from '../statusLabel';

/**
 * The tag beside an invoice's status when test payments were made (TEST MODE, issue 22): "Paid (TEST)" or
 * "Partially paid (TEST)", from core's testPaymentStatus (the server gives it to the public page as test_status).
 * The status itself counts real money only; this tag never replaces it. Nothing when `status` is null. `label`: the
 * owner's screens say "TEST payment" beside the real status (t17 G4: "Sent" beside "Paid (TEST)" told two stories).
 */
export function TestPaidTag({
  status,
  size = 'sm',
  testId = 'test-paid-tag',
  label,
}: {
  status: string | null | undefined;
  size?: 'sm' | 'lg';
  testId?: string;
  label?: string;
}) {
  const statusLabel = useStatusLabel();
  const { t } = useStrings('invoiceLink');
  if (!status) return null;
  const note = t('testPaidNote');
  return (
    <Badge size={size} variant="outline" color="orange.9" style={{ flexShrink: 0 }} title={note} data-testid={testId}>
      {label ?? `${statusLabel(status)} (${TEST_TAG})`}
    </Badge>
  );
}
