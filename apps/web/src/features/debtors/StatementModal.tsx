import './strings';
import {
  clientLanguage,
  clientStatement,
  formatDateIn,
  formatMoney,
  formatMoneyIn,
  isIsoDate,
  type LedgerInvoice,
  RECEIPT_METHOD_LABELS,
  statementShowsMinor,
} from '@duka/core';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { Contact } from '../../data/db';
import { getCurrentUser } from '../../data/user';
import { activeLanguage, useStrings } from '../../i18n';
import { useStringsIn } from '../../i18n/customer';
import { todayForBusiness } from '../../data/today';

type Props = { contact: Contact | null; contactId: string; currencies: string[]; invoices: LedgerInvoice[]; onClose: () => void };

const firstOfYear = () => `${todayForBusiness().slice(0, 4)}-01-01`;

/** A client statement for a period, from the invoices on this device, as a PDF made on the device. */
export function StatementModal(props: Props) {
  const { t } = useStrings('debtors');
  return (
    <Modal opened onClose={props.onClose} title={t('statementTitle', { client: props.contact?.name ?? t('unknownClient') })} centered size="lg">
      <StatementBody {...props} />
    </Modal>
  );
}

function StatementBody({ contact, contactId, currencies, invoices }: Props) {
  const { t } = useStrings('debtors');
  const [from, setFrom] = useState(firstOfYear());
  const [to, setTo] = useState(todayForBusiness());
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  // Each PDF remembers the statement it was made for; a changed period shows none until its own is ready.
  const [made, setMade] = useState<{ for: unknown; url: string; blob: Blob } | null>(null);
  const [failedFor, setFailedFor] = useState<unknown>(null);
  const valid = isIsoDate(from) && isIsoDate(to) && from <= to;
  const statement = useMemo(
    () => (valid ? clientStatement(invoices, contactId, currency, from, to, (m) => RECEIPT_METHOD_LABELS[m] ?? m) : null),
    [valid, invoices, contactId, currency, from, to],
  );
  // Minor units on every amount once one has them, as on the statement PDF (issue 23).
  const minor = !!statement && statementShowsMinor(statement);
  const money = (n: number) => formatMoney(n, currency, { minor });

  const pdf = made && made.for === statement ? made : null;
  const failed = failedFor !== null && failedFor === statement;
  // The PDF and the message go to the client: in their language, else the owner's (issue 19).
  const language = clientLanguage(contact?.language, activeLanguage());
  useEffect(() => {
    if (!statement) return;
    let url: string | null = null;
    let live = true;
    void import('@duka/pdf')
      .then(({ buildStatementPdf }) => {
        const user = getCurrentUser();
        return buildStatementPdf(statement, {
          business: { name: user?.company_name || user?.name || '', email: user?.email ?? null },
          client: { name: contact?.name ?? '', email: contact?.email || null, phone: contact?.phone || null, address: contact?.address || null },
          today: todayForBusiness(),
          language,
        });
      })
      .then(
        (bytes) => {
          if (!live) return;
          const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' });
          url = URL.createObjectURL(blob);
          setMade({ for: statement, url, blob });
        },
        () => live && setFailedFor(statement),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [statement, contact, language]);

  const fileName = `statement-${(contact?.name ?? 'client').replace(/[^\w-]+/g, '_')}-${from}-${to}.pdf`;
  const file = pdf ? new File([pdf.blob], fileName, { type: 'application/pdf' }) : null;
  const canShare = !!file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
  const { t: tClient } = useStringsIn('debtors', language);
  const message = statement
    ? tClient('statementMessage', {
        client: contact?.name ?? '',
        company: getCurrentUser()?.company_name ?? '',
        from: formatDateIn(from, language),
        to: formatDateIn(to, language),
        closing: formatMoneyIn(statement.closing_balance, currency, language, { minor }),
      })
    : '';

  return (
    <Stack gap="sm" data-testid="statement">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput
          type="date"
          label={t('from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          error={!valid && from > to ? t('badPeriod') : undefined}
        />
        <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select label={t('currency')} value={currency} allowDeselect={false} data={currencies} onChange={(v) => v && setCurrency(v)} />
      </SimpleGrid>
      {statement && (
        <SimpleGrid cols={2} spacing={4}>
          {(
            [
              ['opening', 'opening_balance'],
              ['invoiced', 'invoiced'],
              ['credited', 'credited'],
              ['paid', 'paid'],
            ] as const
          )
            // Credit notes (issue 26) are not payments: their own line, when there are any.
            .filter(([label]) => label !== 'credited' || statement.credited !== 0)
            .map(([label, field]) => (
              <Fragment key={label}>
                <Text size="sm" c="dimmed">
                  {t(label)}
                </Text>
                <Text size="sm" ta="right" data-testid={`statement-${label}`}>
                  {money(statement[field])}
                </Text>
              </Fragment>
            ))}
          <Text size="sm" fw={700}>
            {t('closing')}
          </Text>
          <Text size="sm" fw={700} ta="right" data-testid="statement-closing">
            {money(statement.closing_balance)}
          </Text>
        </SimpleGrid>
      )}
      {failed && <Alert color="red">{t('pdfFailed')}</Alert>}
      <Group gap="xs">
        <Button component="a" href={pdf?.url} download={fileName} disabled={!pdf} variant="light" data-testid="statement-download">
          {t('download')}
        </Button>
        {canShare && file && (
          <Button variant="light" onClick={() => void navigator.share({ files: [file], title: fileName, text: message }).catch(() => undefined)}>
            {t('share')}
          </Button>
        )}
        {statement && (
          <Button
            variant="light"
            color="#237032"
            component="a"
            href={`https://wa.me/${(contact?.phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(message)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('whatsapp')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
