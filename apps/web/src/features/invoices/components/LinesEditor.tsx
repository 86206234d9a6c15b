import '../strings';
import { formatMoney, type LineTotals } from '@duka/core';
import { ActionIcon, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useStrings } from '../../../i18n';
import type { EditorErrors, EditorLine } from '../lib/editor';
import { PriceField } from './PriceField';
import { QuantityField } from './QuantityField';

/** The width kept free beside the description for the ✕ (ActionIcon size lg, 34 px) and a gap. */
const REMOVE_ROOM = 'calc(2.125rem + var(--mantine-spacing-xs))';

/** The invoice's lines: description, quantity (up to 3 decimals), unit price (money input), amount. */
export function LinesEditor({
  lines,
  totals,
  currency,
  minor,
  errors,
  onChange,
  onRemove,
}: {
  lines: EditorLine[];
  totals: LineTotals[];
  currency: string;
  /** Every amount shows its minor units (the invoice has kobo or cents somewhere; issue 23). */
  minor?: boolean;
  errors: EditorErrors;
  onChange: (id: string, patch: Partial<EditorLine>) => void;
  onRemove: (id: string) => void;
}) {
  const amounts = new Map(totals.map((t) => [t.id, t.amount]));
  return (
    <Stack gap="xs">
      {lines.map((l, i) => (
        <LineRow
          key={l.id}
          line={l}
          n={i + 1}
          amount={amounts.get(l.id) ?? 0}
          currency={currency}
          minor={minor}
          errors={errors}
          onChange={onChange}
          onRemove={onRemove}
        />
      ))}
    </Stack>
  );
}

const LineRow = memo(function LineRow({
  line,
  n,
  amount,
  currency,
  minor,
  errors,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  n: number;
  amount: number;
  currency: string;
  minor?: boolean;
  errors: EditorErrors;
  onChange: (id: string, patch: Partial<EditorLine>) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useStrings('invoices');
  const err = (k: string) => {
    const key = errors[`line.${line.id}.${k}`];
    return key ? t(key) : undefined;
  };
  return (
    <Card withBorder padding="xs" radius="md" data-testid="invoice-line" pos="relative">
      <Stack gap={6}>
        {/* Room on the right for the ✕, which comes last in the Tab order (t18 Y2) but is drawn beside the description. */}
        <Group gap="xs" wrap="nowrap" align="flex-start" pr={REMOVE_ROOM}>
          <TextInput
            style={{ flex: 1 }}
            aria-label={`${t('description')} ${n}`}
            placeholder={t('description')}
            value={line.description}
            onChange={(e) => onChange(line.id, { description: e.currentTarget.value })}
            error={err('description')}
          />
        </Group>
        {/* The price keeps room for "12,500.50"; on a narrow phone the line total moves to its own row (issue 23). */}
        <Group gap="xs" wrap="wrap" align="flex-start">
          <QuantityField
            w={72}
            label={t('quantity')}
            value={line.qty}
            onChange={(qty) => onChange(line.id, { qty })}
            error={err('qty')}
            aria-label={`${t('quantity')} ${n}`}
          />
          <PriceField
            style={{ flex: '1 1 9.5rem', minWidth: '9.5rem' }}
            label={t('unitPrice')}
            aria-label={`${t('unitPrice')} ${n}`}
            currency={currency}
            value={line.price}
            onChange={(price) => onChange(line.id, { price })}
            error={err('price')}
          />
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0, marginLeft: 'auto' }} miw={72}>
            <Text size="sm" c="dimmed" fw={500}>
              {t('lineTotal')}
            </Text>
            <Text fw={600} mt={6} data-testid="line-amount">
              {formatMoney(amount, currency, { minor })}
            </Text>
          </Stack>
        </Group>
      </Stack>
      {/* After the line's last field in the DOM, so Tab goes Description → Qty → Unit price → Remove line (t18 Y2): the
          delete button is no longer one key press away between two fields. Drawn where it was, top right. */}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        pos="absolute"
        top="var(--mantine-spacing-xs)"
        right="var(--mantine-spacing-xs)"
        aria-label={t('removeLine', { n })}
        onClick={() => onRemove(line.id)}
      >
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Card>
  );
});
