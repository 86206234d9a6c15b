import { DEFAULT_CURRENCY, formatMoney, stockLevels, stockState } from '@duka/core';
import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { AddButton, SearchInput } from '../../../ui/ListControls';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRecords } from '../../../data/sync/hooks';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { ListStatus } from '../../../ui/EmptyState';
import { CsvMenu } from '../../../ui/csv/CsvMenu';
import { LIST_CSV } from '../../../ui/csv/lists';
import { PageHeader } from '../../../ui/PageHeader';
import '../strings';
import { CatalogForm } from './CatalogForm';
import { useUnitWords } from '../units';
import { PAGES } from '../../../paths';

/** /tabs/catalog and /catalog: the items, searchable; ?new=1 adds, ?id= edits (so links and Fix buttons work). */
export function CatalogList() {
  const { t } = useStrings('catalog');
  // A unit picked in English before ('piece') reads in the screen language; one typed is shown as typed.
  const { label: unitLabel, stored: storedUnit } = useUnitWords();
  const items = useRecords('catalogs');
  const movements = useRecords('stock_movements');
  const levels = useMemo(() => stockLevels(movements ?? []), [movements]);
  const stateOf = (i: NonNullable<typeof items>[number]) => (i.track_stock ? stockState(levels.get(i.id) ?? 0, i.low_stock_level) : 'ok');
  const lowCount = (items ?? []).filter((i) => stateOf(i) !== 'ok').length;
  const currency = parseInvoiceSettings(useCurrentUser()).currency ?? DEFAULT_CURRENCY;
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(true);
  const q = useDeferredValue(query.trim().toLowerCase());
  const sorted = useMemo(
    () => (items ?? []).map((i) => ({ i, text: `${i.name} ${i.sku} ${i.description}`.toLowerCase() })).sort((a, b) => a.i.name.localeCompare(b.i.name)),
    [items],
  );
  const shown = sorted.filter((x) => (showInactive || x.i.active) && (!q || x.text.includes(q)));
  const editId = params.get('id');
  const editing = editId ? (items?.find((i) => i.id === editId) ?? null) : null;
  const close = () => setParams({}, { replace: true });
  const add = <AddButton onClick={() => setParams({ new: '1' })}>{t('add')}</AddButton>;

  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <>
            <Button
              component={Link}
              to={PAGES.stock}
              variant="light"
              rightSection={
                lowCount ? (
                  <Badge color="red" size="sm" data-testid="low-stock-count">
                    {lowCount}
                  </Badge>
                ) : undefined
              }
            >
              {t('stock.title')}
            </Button>
            <CsvMenu what={t('title')} {...LIST_CSV.catalog} unit={storedUnit} />
            {items?.length ? add : null}
          </>
        }
      />
      <ListStatus items={items} loading={t('loading')} title={t('emptyTitle')} action={add}>
        {t('emptyBody')}
      </ListStatus>
      {!!items?.length && (
        <Stack gap="xs">
          <SearchInput label={t('search')} placeholder={t('searchPlaceholder')} value={query} onQuery={setQuery} />
          <Switch size="xs" label={t('showInactive')} checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} />
          {!shown.length && (
            <Text c="dimmed" role="status">
              {t('noMatch', { q: query.trim() })}
            </Text>
          )}
          {shown.slice(0, 300).map(({ i }) => (
            <Paper
              key={i.id}
              withBorder
              p="sm"
              component="button"
              type="button"
              ta="left"
              style={{ cursor: 'pointer' }}
              onClick={() => setParams({ id: i.id })}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }} c={i.active ? undefined : 'dimmed'}>
                    {i.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[i.sku, i.description].filter(Boolean).join(' · ') || ' '}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text fw={700}>
                    {i.unit ? t('perUnit', { price: formatMoney(i.unit_price, currency), unit: unitLabel(i.unit) }) : formatMoney(i.unit_price, currency)}
                  </Text>
                  {i.track_stock && (
                    <Badge size="xs" color={stateOf(i) === 'ok' ? 'gray' : 'red'} variant="light" data-testid={stateOf(i) === 'ok' ? undefined : 'low-stock'}>
                      {stateOf(i) === 'negative'
                        ? t('stock.negative', { n: levels.get(i.id) ?? 0 })
                        : stateOf(i) === 'low'
                          ? t('stock.low', { n: levels.get(i.id) ?? 0 })
                          : t('stock.level', { n: levels.get(i.id) ?? 0 })}
                    </Badge>
                  )}
                  {!i.active && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('inactive')}
                    </Badge>
                  )}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {params.get('new') && <CatalogForm key="new" item={null} onClose={close} />}
      {editing && <CatalogForm key={editing.id} item={editing} onClose={close} />}
    </>
  );
}
