import '../strings';
import { businessDetailsOf, CURRENCIES, currencySymbol, formatMoney, type InvoiceKind } from '@duka/core';
import { Anchor, Card, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import type { EditorErrors, EditorState } from '../lib/editor';
import { useRecords } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { PAGES } from '../../../paths';
import { ExchangeRateField, lastRate } from './ExchangeRateField';
import { PriceField } from './PriceField';
import { feeLabel } from './feeLabel';

/** Dates, currency, taxes and fees (from the Fees tab) and the discount. */
export function EditorSettings({
  state,
  kind,
  errors,
  onChange,
  fees = 'synced',
  home,
}: {
  state: EditorState;
  kind: InvoiceKind;
  errors: EditorErrors;
  onChange: (p: Partial<EditorState>) => void;
  /**
   * 'notSynced' until this device's first sync has brought the Fees tab: no fees then means "not here yet", not "none";
   * 'loading' while that is being read (nothing said yet).
   */
  fees?: 'synced' | 'notSynced' | 'loading';
  /** The business's currency, for an invoice or sale (not a quote): another currency asks for its exchange rate. */
  home?: string;
}) {
  const { t } = useStrings('invoices');
  const invoices = useRecords('invoices');
  const toggleFee = (id: string, on: boolean) => onChange({ fee_ids: on ? [...state.fee_ids, id] : state.fee_ids.filter((f) => f !== id) });
  // Only a business registered for VAT may charge it, and its invoices show its tax number: charging a tax without
  // one in the account settings says so (a new owner's VAT is on by default; the welcome page asks once).
  const taxNumber = businessDetailsOf(useCurrentUser()?.invoice_settings).tax_id?.trim();
  const taxCharged = state.fees.some((f) => f.kind === 'tax' && state.fee_ids.includes(f.id));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <TextInput
          type="date"
          label={t('issueDate')}
          value={state.issue_date}
          onChange={(e) => e.currentTarget.value && onChange({ issue_date: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={kind === 'quote' ? t('validUntil') : t('dueDate')}
          value={state.due_date ?? ''}
          onChange={(e) => onChange({ due_date: e.currentTarget.value || null })}
          error={errors.due_date ? t(errors.due_date) : undefined}
        />
        <Select
          label={t('currency')}
          value={state.currency}
          allowDeselect={false}
          // Another currency: its rate starts from the one last entered for that currency (the owner checks it).
          onChange={(v) => v && onChange({ currency: v, rateText: v === home ? '' : lastRate(invoices, v) })}
          data={CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} (${currencySymbol(c.code)})` }))}
        />
      </SimpleGrid>
      {home && <ExchangeRateField state={state} home={home} errors={errors} onChange={onChange} />}

      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t('fees')}
        </Text>
        {state.fees.length === 0 ? (
          fees !== 'loading' && (
            <Text size="sm" c="dimmed" data-testid="fees-empty">
              {fees === 'synced' ? t('noFees') : t('feesOnSync')}
            </Text>
          )
        ) : (
          <Stack gap={6}>
            {state.fees.map((f) => (
              <Checkbox
                key={f.id}
                checked={state.fee_ids.includes(f.id)}
                onChange={(e) => toggleFee(f.id, e.currentTarget.checked)}
                label={`${f.calculation === 'percentage' ? feeLabel(f.name, f.percentage_bps) : `${f.name} ${formatMoney(f.amount, state.currency)}`} (${f.inclusive ? t('inclusive') : t('exclusive')})`}
              />
            ))}
            {taxCharged && !taxNumber && (
              <Text size="xs" c="dimmed" data-testid="tax-without-number">
                {t('taxWithoutNumber')}{' '}
                <Anchor component={Link} to={PAGES.settingsAccount} size="xs">
                  {t('taxWithoutNumberLink')}
                </Anchor>
              </Text>
            )}
          </Stack>
        )}
      </Card>

      <Group gap="xs" align="flex-end" wrap="nowrap">
        <SegmentedControl
          aria-label={t('discount')}
          value={state.discountType}
          onChange={(v) => onChange({ discountType: v as EditorState['discountType'], discountText: '' })}
          data={[
            { value: 'percentage', label: t('discountPercent') },
            { value: 'amount', label: t('discountAmount') },
          ]}
        />
        {state.discountType === 'percentage' ? (
          <TextInput
            style={{ flex: 1 }}
            label={t('discount')}
            inputMode="decimal"
            rightSection={<span aria-hidden="true">%</span>}
            value={state.discountText}
            onChange={(e) => onChange({ discountText: e.currentTarget.value })}
            error={errors.discount ? t(errors.discount) : undefined}
          />
        ) : (
          <PriceField
            style={{ flex: 1 }}
            label={t('discount')}
            currency={state.currency}
            value={state.discountText}
            onChange={(v) => onChange({ discountText: v })}
            error={errors.discount ? t(errors.discount) : undefined}
          />
        )}
      </Group>
    </Stack>
  );
}
