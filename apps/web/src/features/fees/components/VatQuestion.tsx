import { businessIdNames } from '@duka/core';
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Fee, saveRecord } from '../../../data/db';
import { startSync, useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { PAGES } from '../../../paths';
import '../strings';

/**
 * A new account starts with its country's VAT on by default (core's STANDARD_VAT), but most small shops are below the
 * VAT threshold and may not charge it: an unregistered Kampala shop's invoices would add 18% its client does not owe,
 * a Soweto one would show VAT it may not collect. The welcome page asks; "No" turns those taxes off for new invoices
 * (kept, to be turned on once registered), as switching "On by default" off in Taxes and fees would.
 */
export function VatQuestion({ company, country }: { company?: string | null; country?: string | null }) {
  const { t } = useStrings('fees');
  const fees = useRecords('fees');
  // The welcome page is outside the app's frame, which starts the sync: the account's taxes come down with it (and
  // the first sync is under way while the owner reads this page).
  useEffect(() => startSync(), []);
  const [answer, setAnswer] = useState<{ registered: boolean; taxes: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The VAT first, then its levies (Ghana's NHIL and GETFund).
  const on = (fees ?? []).filter((f: Fee) => f.kind === 'tax' && f.default_on).sort((a, b) => b.percentage_bps - a.percentage_bps);
  const taxes = on.map((f) => f.name).join(', ');
  if (answer) {
    return (
      <Alert color={answer.registered ? 'teal' : 'blue'} role="status" title={answer.registered ? t('vatQuestion.yes') : t('vatQuestion.no')}>
        <Stack gap={6}>
          <Text fz="sm">
            {answer.registered
              ? t('vatQuestion.on', { taxes: answer.taxes, number: businessIdNames(country).taxId ?? t('vatQuestion.vatNumber') })
              : t('vatQuestion.off')}
          </Text>
          <Anchor component={Link} to={answer.registered ? PAGES.settingsAccount : PAGES.feesTab} fz="sm">
            {answer.registered ? t('vatQuestion.settings') : t('vatQuestion.fees')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!on.length) return null;
  const notRegistered = async () => {
    setBusy(true);
    setFailed(false);
    try {
      for (const fee of on) await saveRecord('fees', { ...fee, default_on: false });
      setAnswer({ registered: false, taxes });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const title = company ? t('vatQuestion.title', { company }) : t('vatQuestion.titleAnon');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Text fw={700}>{title}</Text>
        <Text fz="sm" c="dimmed">
          {t('vatQuestion.why', { taxes })}
        </Text>
        {failed && (
          <Text fz="sm" c="red" role="alert">
            {t('vatQuestion.failed')}
          </Text>
        )}
        <Group gap="sm">
          <Button variant="light" onClick={() => setAnswer({ registered: true, taxes })} disabled={busy}>
            {t('vatQuestion.yes')}
          </Button>
          <Button variant="default" onClick={() => void notRegistered()} loading={busy}>
            {t('vatQuestion.no')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
