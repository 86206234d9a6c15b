import { AGING_BUCKETS, type CurrencyReport } from '@duka/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { wholeUnitTicks } from './BarChart';
import { Charts } from './Charts';

afterEach(cleanup);

const figure = { value: 0, previous: 0, change_pct: null };
const report = (over: Partial<CurrencyReport> = {}): CurrencyReport =>
  ({
    currency: 'RWF',
    figures: new Proxy({}, { get: () => figure }),
    months: [
      { month: '2026-10', income: 0, expenses: 0 },
      { month: '2026-11', income: 0, expenses: 0 },
    ],
    categories: [],
    top_clients: [],
    aging: AGING_BUCKETS.map((bucket) => ({ bucket, amount: 0, count: 0, invoices: [] })),
    ...over,
  }) as CurrencyReport;

describe('report charts with nothing to draw (t17 R1)', () => {
  it('nothing owed and nothing earned or spent: words, no chart and no axis of fractions', () => {
    renderUi(<Charts report={report()} tables={false} onAging={() => {}} />);
    expect(screen.getByTestId('chart-aging').textContent).toContain('Nothing is owed to you: no invoice is unpaid.');
    expect(screen.getByTestId('chart-months').textContent).toContain('Nothing in this period.');
    expect(document.querySelectorAll('canvas')).toHaveLength(0);
    expect(screen.queryByTestId('aging-chart')).toBeNull();
  });
  it('the same in the tables view', () => {
    renderUi(<Charts report={report()} tables onAging={() => {}} />);
    expect(screen.getByTestId('chart-aging').textContent).toContain('Nothing is owed to you');
    expect(screen.queryAllByRole('table')).toHaveLength(0);
  });
  it('something owed still shows the aging figures (tables: jsdom draws no canvas)', () => {
    const aging = AGING_BUCKETS.map((bucket, i) => ({ bucket, amount: i === 1 ? 5000 : 0, count: i === 1 ? 1 : 0, invoices: [] }));
    renderUi(<Charts report={report({ aging })} tables onAging={() => {}} />);
    expect(screen.getByRole('table', { name: 'Receivables aging' }).textContent).toContain('5,000');
    expect(screen.queryByText('Nothing is owed to you: no invoice is unpaid.')).toBeNull();
  });
});

describe('expenses by category and top clients', () => {
  it('show their names and amounts as tables, and words when empty', () => {
    const r = report({
      categories: [{ category: 'Rent', amount: 50_000 }],
      top_clients: [{ contact_id: 'c', name: 'Aline Uwase', amount: 12_000 }],
    });
    renderUi(<Charts report={r} tables onAging={() => {}} />);
    expect(screen.getByRole('table', { name: 'Expenses by category' }).textContent).toMatch(/Rent.*50,000/);
    expect(screen.getByRole('table', { name: 'Top 10 clients by revenue' }).textContent).toMatch(/Aline Uwase.*12,000/);
    cleanup();
    renderUi(<Charts report={report()} tables onAging={() => {}} />);
    expect(screen.getByTestId('chart-categories').textContent).toContain('Nothing in this period.');
    expect(screen.getByTestId('chart-clients').textContent).toContain('Nothing in this period.');
  });
});

describe('the value axis steps by whole units of the currency', () => {
  const ticks = (values: number[]) => values.map((value) => ({ value }));
  it('francs (1 minor unit a franc): fractions dropped, so no label repeats', () => {
    expect(wholeUnitTicks(ticks([0, 0.2, 0.4, 0.6, 0.8, 1]), 1).map((t) => t.value)).toEqual([0, 1]);
    expect(wholeUnitTicks(ticks([0, 0.1, 0.2]), 1).map((t) => t.value)).toEqual([0]);
  });
  it('naira (100 kobo): ticks on whole naira; large steps untouched', () => {
    expect(wholeUnitTicks(ticks([0, 50, 100, 150, 200]), 100).map((t) => t.value)).toEqual([0, 100, 200]);
    expect(wholeUnitTicks(ticks([0, 500_000, 1_000_000]), 100).map((t) => t.value)).toEqual([0, 500_000, 1_000_000]);
  });
});
