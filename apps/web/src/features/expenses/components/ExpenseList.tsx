import { expenseCounts, formatDate, formatMoney, formatMonth } from '@duka/core';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AddButton } from '../../../ui/ListControls';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { db, type Expense } from '../../../data/db';
import { useLocal, useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { ListStatus } from '../../../ui/EmptyState';
import { useExpenseCategory } from '../../../ui/expenseCategory';
import { CsvMenu } from '../../../ui/csv/CsvMenu';
import { LIST_CSV } from '../../../ui/csv/lists';
import { PageHeader } from '../../../ui/PageHeader';
import '../strings';
import { watchWaitingReceipts } from '../ocr/waiting';
import { pendingLabelKey, pendingWaitsForOwner } from '../lib/pending';
import { pagePaths } from '../../../paths';

export interface MonthGroup {
  month: string;
  expenses: Expense[];
  totals: [string, number][];
  /** Expenses with no amount yet (issue 29: to be read from the photo, or typed): listed, counted in no total. */
  pending: number;
  /** One of them waits for the owner to type its amount (not read, or imported without one). */
  waitForOwner: boolean;
}

/** Expenses newest first, grouped by calendar month (yyyy-mm), with a total per currency of those that count (core's expenseCounts). */
export function groupByMonth(expenses: readonly Expense[]): MonthGroup[] {
  const sorted = [...expenses].sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at));
  const groups: MonthGroup[] = [];
  for (const e of sorted) {
    const month = e.date.slice(0, 7);
    let g = groups[groups.length - 1];
    if (!g || g.month !== month) groups.push((g = { month, expenses: [], totals: [], pending: 0, waitForOwner: false }));
    g.expenses.push(e);
  }
  for (const g of groups) {
    const sums = new Map<string, number>();
    for (const e of g.expenses) {
      if (expenseCounts(e)) sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amount);
      else {
        g.pending += 1;
        if (e.amount_pending && pendingWaitsForOwner(e.amount_pending)) g.waitForOwner = true;
      }
    }
    g.totals = [...sums.entries()];
  }
  return groups;
}

/** "November 2026" for 2026-11, in the screen's language (core's formatMonth). */
export function monthLabel(month: string): string {
  return formatMonth(month, 'long');
}

const MONTHS_SHOWN = 6;

/** /tabs/expense and /expense: every expense by month with totals; add and edit open the form. */
export function ExpenseList() {
  const { t } = useStrings('expenses');
  const category = useExpenseCategory();
  const navigate = useNavigate();
  const expenses = useRecords('expenses');
  const withPhoto = useLocal(async () => new Set(await db.blobs.toCollection().primaryKeys()), []);
  const groups = useMemo(() => groupByMonth(expenses ?? []), [expenses]);
  const [months, setMonths] = useState(MONTHS_SHOWN);
  // Receipt photos kept offline to be read (issue 29): read now if online, else when the connection returns.
  useEffect(() => watchWaitingReceipts(), []);
  const add = <AddButton onClick={() => navigate(pagePaths.expense({ new: 1 }))}>{t('add')}</AddButton>;
  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <>
            <CsvMenu what={t('title')} {...LIST_CSV.expenses} />
            {expenses?.length ? add : null}
          </>
        }
      />
      <ListStatus items={expenses} loading={t('loading')} title={t('emptyTitle')} action={add}>
        {t('emptyBody')}
      </ListStatus>
      <Stack gap="lg">
        {groups.slice(0, months).map((g) => (
          <Stack key={g.month} gap={6} component="section" aria-label={monthLabel(g.month)}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h5">
                {monthLabel(g.month)}
              </Title>
              {g.totals.length > 0 && (
                <Text size="sm" fw={700} data-testid="month-total">
                  {t('monthTotal', { amount: g.totals.map(([c, v]) => formatMoney(v, c)).join(' + ') })}
                </Text>
              )}
            </Group>
            {g.pending > 0 && (
              <Text size="xs" c="orange.8" data-testid="month-pending">
                {t(g.waitForOwner ? 'pendingNotCountedMissing' : 'pendingNotCounted', { count: g.pending })}
              </Text>
            )}
            {g.expenses.map((e) => (
              <Paper
                key={e.id}
                withBorder
                p="sm"
                component="button"
                type="button"
                ta="left"
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(pagePaths.expense({ id: e.id }))}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {[category.label(e.category), e.vendor].filter(Boolean).join(' · ') || t('pendingName')}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {formatDate(e.date)}
                      {e.description ? ` · ${e.description}` : ''}
                    </Text>
                  </div>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    {e.amount_pending ? (
                      <Text size="sm" fw={600} c="orange.8" ta="right" maw={130} data-testid="expense-pending">
                        {t(pendingLabelKey(e.amount_pending))}
                      </Text>
                    ) : (
                      <Text fw={700}>{formatMoney(e.amount, e.currency)}</Text>
                    )}
                    {(e.receipt_url || withPhoto?.has(e.id)) && (
                      <Badge
                        size="xs"
                        variant="light"
                        color={withPhoto?.has(e.id) ? 'yellow' : 'teal'}
                        title={withPhoto?.has(e.id) ? t('receiptWaiting') : undefined}
                      >
                        {t('receipt')}
                      </Badge>
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        ))}
        {groups.length > months && (
          <Button variant="subtle" onClick={() => setMonths((m) => m + MONTHS_SHOWN)}>
            {t('showMore')}
          </Button>
        )}
      </Stack>
    </>
  );
}
