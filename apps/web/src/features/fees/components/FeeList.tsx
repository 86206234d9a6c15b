import { DEFAULT_CURRENCY, formatBps, formatMoney } from '@duka/core';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AddButton } from '../../../ui/ListControls';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Fee } from '../../../data/db';
import { useRecords } from '../../../data/sync/hooks';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { ListStatus } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import '../strings';
import { FeeForm } from './FeeForm';

/** A fee's rate or amount in the screen's language (fr '19,25 %', en '19.25%': issue 23). */
export function feeValue(f: Pick<Fee, 'calculation' | 'percentage_bps' | 'amount'>, currency: string): string {
  return f.calculation === 'percentage' ? formatBps(f.percentage_bps) : formatMoney(f.amount, currency);
}

/** /tabs/fee and /fee ('Taxes and fees'); ?new=1 adds, ?id= edits. */
export function FeeList() {
  const { t } = useStrings('fees');
  const fees = useRecords('fees');
  const currency = parseInvoiceSettings(useCurrentUser()).currency ?? DEFAULT_CURRENCY;
  const [params, setParams] = useSearchParams();
  const sorted = useMemo(() => [...(fees ?? [])].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name)), [fees]);
  const editId = params.get('id');
  const editing = editId ? (fees?.find((f) => f.id === editId) ?? null) : null;
  const close = () => setParams({}, { replace: true });
  const add = (
    <AddButton onClick={() => setParams({ new: '1' })} aria-label={t('add')}>
      <Text span inherit hiddenFrom="xs">
        {t('addShort')}
      </Text>
      <Text span inherit visibleFrom="xs">
        {t('add')}
      </Text>
    </AddButton>
  );
  return (
    <>
      <PageHeader title={t('title')} right={fees?.length ? add : undefined} />
      <ListStatus items={fees} loading={t('loading')} title={t('emptyTitle')} action={add}>
        {t('emptyBody')}
      </ListStatus>
      <Stack gap="xs">
        {sorted.map((f) => (
          <Paper key={f.id} withBorder p="sm" component="button" type="button" ta="left" style={{ cursor: 'pointer' }} onClick={() => setParams({ id: f.id })}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {f.name}
                </Text>
                <Group gap={4} mt={2}>
                  <Badge size="xs" variant="light" color={f.kind === 'tax' ? 'grape' : 'blue'}>
                    {t(f.kind)}
                  </Badge>
                  <Badge size="xs" variant="outline" color="gray">
                    {f.inclusive ? t('inclusive') : t('exclusive')}
                  </Badge>
                  {f.kind === 'fee' && f.subject_to_tax && !f.inclusive && (
                    <Badge size="xs" variant="light" color="orange">
                      {t('taxed')}
                    </Badge>
                  )}
                  {f.default_on && (
                    <Badge size="xs" variant="light" color="teal">
                      {t('defaultOn')}
                    </Badge>
                  )}
                </Group>
              </div>
              <Text fw={700} style={{ flexShrink: 0 }}>
                {feeValue(f, currency)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      {params.get('new') && <FeeForm key="new" fee={null} onClose={close} />}
      {editing && <FeeForm key={editing.id} fee={editing} onClose={close} />}
    </>
  );
}
