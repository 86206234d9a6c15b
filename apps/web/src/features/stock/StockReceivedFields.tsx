import './stockReceivedStrings';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useRecords } from '../../data/sync/hooks';
import { useLanguage, useStrings } from '../../i18n';
import { ruleText } from '../../ui/validation';
import { type ReceivedLine, type ReceivedMovement, receivedMovements, receivedProblems } from './received';

/**
 * Stock received with an expense (issue 28: "purchase / received +n from an expense"): lines of a tracked catalog
 * item and a quantity, each saved as a +n 'received' movement (synced like the others) when the expense is saved.
 */
export function useStockReceived() {
  const { t } = useStrings('stockReceived');
  const language = useLanguage();
  const catalog = useRecords('catalogs');
  const tracked = useMemo(() => (catalog ?? []).filter((i) => i.track_stock && i.active !== false).sort((a, b) => a.name.localeCompare(b.name)), [catalog]);
  const [lines, setLines] = useState<ReceivedLine[]>([]);
  const [shown, setShown] = useState<Record<string, string>>({});
  const problemText = (p: ReturnType<typeof receivedProblems>[string]) =>
    p === 'item' ? t('chooseItem') : p.code === 'invalid' ? t('quantityInvalid') : ruleText(p);
  return {
    tracked,
    lines,
    errors: shown,
    setLines,
    /** Shows each line's problem; true when every line can be saved. */
    check(): boolean {
      const problems = receivedProblems(lines, language);
      setShown(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, problemText(p)])));
      return Object.keys(problems).length === 0;
    },
    /** The lines as +n movements of the expense (what: its vendor or category, for the history), saved with it in one step. */
    movements(expenseId: string, what: string): ReceivedMovement[] {
      return receivedMovements(expenseId, lines, t('reason', { what }), language);
    },
  };
}

export type StockReceived = ReturnType<typeof useStockReceived>;

/** The expense form's "Stock received" lines; shown only when some catalog item tracks stock. */
export function StockReceivedFields({ stock }: { stock: StockReceived }) {
  const { t } = useStrings('stockReceived');
  const { tracked, lines, setLines, errors } = stock;
  if (!tracked.length) return null;
  const edit = (key: string, change: Partial<ReceivedLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));
  return (
    <Stack gap={6} data-testid="stock-received">
      <Text size="sm" fw={500}>
        {t('title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('hint')}
      </Text>
      {lines.map((l, i) => (
        <div key={l.key}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <NativeSelect
              aria-label={t('item', { n: i + 1 })}
              style={{ flex: 1, minWidth: 0 }}
              value={l.catalog_id}
              onChange={(e) => edit(l.key, { catalog_id: e.currentTarget.value })}
              data={[{ value: '', label: t('choose') }, ...tracked.map((item) => ({ value: item.id, label: item.name }))]}
              error={!!errors[l.key] && !l.catalog_id}
            />
            <TextInput
              aria-label={t('quantity', { n: i + 1 })}
              w={88}
              inputMode="decimal"
              value={l.qty}
              onChange={(e) => edit(l.key, { qty: e.currentTarget.value })}
              error={!!errors[l.key] && !!l.catalog_id}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('remove', { n: i + 1 })}
              onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
            >
              ×
            </ActionIcon>
          </Group>
          {errors[l.key] && (
            <Text size="xs" c="red" role="alert">
              {errors[l.key]}
            </Text>
          )}
        </div>
      ))}
      <Button
        variant="light"
        size="xs"
        style={{ alignSelf: 'start' }}
        onClick={() => setLines((ls) => [...ls, { key: crypto.randomUUID(), catalog_id: tracked.length === 1 ? tracked[0].id : '', qty: '' }])}
      >
        {t('add')}
      </Button>
    </Stack>
  );
}
