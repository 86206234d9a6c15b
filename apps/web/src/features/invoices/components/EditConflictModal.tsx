import { formatMoney, formatQuantity } from '@duka/core';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import '../invoiceConflictStrings';
import { describeInvoiceValues, type Translate } from '../lib/conflict';
import type { EditConflict } from '../lib/merge';
import type { Invoice, InvoiceLine } from '../lib/model';

/** One conflict as the owner reads it: what it is, the other device's value, theirs. */
export function describeConflict(
  c: EditConflict,
  currency: string,
  t: Translate,
  clientName: (id: string) => string | undefined = () => undefined,
): [label: string, theirs: string, yours: string] {
  const line = (l: InvoiceLine | null) =>
    l
      ? t('line', { quantity: formatQuantity(Number(l.quantity)), description: l.description, price: formatMoney(Number(l.unit_price), currency) })
      : t('removed');
  if (c.kind === 'line') return [t('lines'), line(c.theirs), line(c.mine)];
  const value = (v: unknown): string => {
    switch (c.field) {
      case 'fees':
        return Array.isArray(v) && v.length ? v.map((f: { name?: string }) => f.name ?? '').join(', ') : t('none');
      case 'fee_ids':
        return Array.isArray(v) ? String(v.length) : t('none');
      case 'contact_id':
        return (typeof v === 'string' && clientName(v)) || t('otherClient');
      case 'currency':
        return String(v ?? '');
      case 'part_payments':
        return v === true ? t('partOn') : v === false ? t('partOff') : t('partDefault');
      case 'exchange_rate':
        return v ? String(v) : t('none');
      default:
        return describeInvoiceValues({ [c.field]: v }, currency, t)[0]?.[1] ?? String(v ?? '');
    }
  };
  const label: Record<string, string> = {
    fees: t('fees'),
    fee_ids: t('fees'),
    currency: t('currency'),
    part_payments: t('partPayments'),
    exchange_rate: t('rate'),
  };
  const described = describeInvoiceValues({ [c.field]: c.theirs }, currency, t)[0]?.[0];
  return [label[c.field] ?? described ?? c.field, value(c.theirs), value(c.mine)];
}

/**
 * Saved from an editor opened before another device's save, with the same values changed on both (t20 U3): nothing is
 * overwritten until the owner has seen both and chosen.
 */
export function EditConflictModal({
  conflicts,
  invoice,
  clientName,
  saving,
  onChoose,
  onClose,
}: {
  conflicts: EditConflict[] | null;
  invoice: Invoice;
  clientName?: (id: string) => string | undefined;
  saving: boolean;
  onChoose: (choice: 'keep' | 'use') => void;
  onClose: () => void;
}) {
  const { t } = useStrings('invoiceConflict');
  const tr: Translate = (k, v) => t(k, v ?? {});
  return (
    <Modal opened={!!conflicts} onClose={onClose} title={t('askTitle')} centered size="lg">
      <Stack gap="sm" data-testid="edit-conflict">
        <Text size="sm">{t('askBody', { context: invoice.kind === 'quote' ? 'quote' : undefined })}</Text>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('theirs')}</Table.Th>
              <Table.Th>{t('yours')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(conflicts ?? []).map((c, i) => {
              const [label, theirs, yours] = describeConflict(c, invoice.currency, tr, clientName);
              return (
                <Table.Tr key={i}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{theirs}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{yours}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onChoose('keep')} loading={saving}>
            {t('keepTheirs')}
          </Button>
          <Button onClick={() => onChoose('use')} loading={saving}>
            {t('useMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
