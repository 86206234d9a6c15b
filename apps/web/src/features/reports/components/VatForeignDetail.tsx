import '../vatStrings';
import { formatMoney, type VatReturn } from '@duka/core';
import { Alert, Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { pagePaths } from '../../../paths';

/**
 * t19 N5: the home return's invoices and expenses in other currencies, counted in its figures at each one's exchange rate:
 * their own VAT and input tax as detail per currency, and the ones with no rate (left out, each a link to enter it).
 */
export function VatForeignDetail({ v }: { v: VatReturn }) {
  const { t } = useStrings('vat');
  if (!v.foreign?.length) return null;
  return (
    <Stack gap="xs" data-testid="vat-foreign">
      {v.foreign.map((f) => (
        <Card key={f.currency} withBorder padding="xs">
          {f.invoice_count + f.credit_note_count > 0 && (
            <Text size="sm" data-testid={`vat-foreign-${f.currency}`}>
              {t('foreignCounted', {
                count: f.invoice_count + f.credit_note_count,
                currency: f.currency,
                tax: formatMoney(f.net_output_tax, f.currency, { minor: true }),
                home: formatMoney(f.net_output_tax_home, v.currency, { minor: true }),
              })}
            </Text>
          )}
          {f.expense_count > 0 && (
            <Text size="sm" data-testid={`vat-foreign-expenses-${f.currency}`}>
              {t('foreignExpenses', {
                count: f.expense_count,
                currency: f.currency,
                tax: formatMoney(f.input_tax, f.currency, { minor: true }),
                home: formatMoney(f.input_tax_home, v.currency, { minor: true }),
              })}
            </Text>
          )}
          {f.missing_rate.length > 0 && (
            <Alert
              color="orange"
              mt={f.invoice_count + f.credit_note_count + f.expense_count > 0 ? 'xs' : 0}
              p="xs"
              role="status"
              data-testid={`vat-no-rate-${f.currency}`}
            >
              <Text size="sm">{t('foreignMissing', { count: f.missing_rate.length, currency: f.currency })}</Text>
              <Text size="sm">
                {f.missing_rate.map((d, i) => (
                  <span key={d.id}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={d.kind === 'expense' ? pagePaths.expense({ id: d.id }) : pagePaths.newInvoice({ id: d.id })}>
                      {d.number}
                    </Anchor>
                  </span>
                ))}
              </Text>
            </Alert>
          )}
        </Card>
      ))}
    </Stack>
  );
}
