import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import type { RefusedReason } from '../ocr/server';
import type { ReadingState } from '../ocr/useReceiptReading';
import '../strings';

/** What the receipt reader is doing (progress while it reads), what it filled, or that it found nothing readable. */
export function ReceiptReadingNote({ state }: { state: ReadingState }) {
  const { t } = useStrings('expenses');
  if (state.step === 'idle') return null;
  const refusal = (reason: RefusedReason, message: string) => (reason === 'other' ? message : t(`scan.refused.${reason}`));
  if (state.step === 'waiting')
    return (
      <Alert color="blue" variant="light" role="status" data-testid="receipt-waiting" title={t('scan.waitingTitle')}>
        <Text size="sm">{t('scan.waiting')}</Text>
      </Alert>
    );
  if (state.step === 'loading' || state.step === 'reading' || state.step === 'asking') {
    const percent = state.step === 'asking' ? 100 : Math.round(state.progress * 100);
    const label = state.step === 'loading' ? t('scan.loading') : state.step === 'reading' ? t('scan.reading') : t('scan.asking');
    return (
      <Stack gap={4} role="status" data-testid="receipt-reading">
        <Text size="sm">{label}</Text>
        <Progress value={percent} animated aria-label={label} size="sm" />
      </Stack>
    );
  }
  // What the device's reader saw, for the owner to compare with the fields (and to copy a line from).
  const text = 'text' in state ? state.text.trim() : '';
  const seen = text ? (
    <details>
      <summary>
        <Text span size="xs">
          {t('scan.seen')}
        </Text>
      </summary>
      <Text component="pre" size="xs" data-testid="receipt-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        {text}
      </Text>
    </details>
  ) : null;
  if (state.step === 'done')
    return (
      <Alert
        color="teal"
        variant="light"
        role="status"
        data-testid="receipt-read"
        title={t(state.source === 'model' ? 'scan.byModel' : state.source === 'server' ? 'scan.byServer' : 'scan.byDevice')}
      >
        <Stack gap={4}>
          <Text size="sm">{t('scan.filled')}</Text>
          {seen}
        </Stack>
      </Alert>
    );
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="receipt-unread">
      <Stack gap={4}>
        <Text size="sm">
          {state.step === 'refused' ? refusal(state.reason, state.message) : t(state.step === 'unreadable' ? 'scan.nothing' : 'scan.failed')}
        </Text>
        {seen}
      </Stack>
    </Alert>
  );
}
