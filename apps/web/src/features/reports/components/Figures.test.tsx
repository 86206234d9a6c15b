import { AGING_BUCKETS, type CurrencyReport, FIGURE_KEYS } from '@duka/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { Figures } from './Figures';

afterEach(cleanup);

const report = (withheld: { value: number; previous: number; change_pct: number | null }): CurrencyReport => ({
  currency: 'ETB',
  figures: Object.fromEntries(
    FIGURE_KEYS.map((k) => [k, k === 'withheld' ? withheld : { value: 1_415_600, previous: 0, change_pct: null }]),
  ) as CurrencyReport['figures'],
  months: [],
  categories: [],
  top_clients: [],
  aging: AGING_BUCKETS.map((bucket) => ({ bucket, amount: 0, count: 0, invoices: [] })),
});

describe('Analytics figures: tax withheld by clients', () => {
  it('shows its own card beside Collected when a client withheld tax in one of the two periods', () => {
    renderUi(<Figures report={report({ value: 36_929, previous: 0, change_pct: null })} />);
    expect(screen.getByTestId('figure-withheld').textContent).toBe('Br 369.29');
    expect(screen.getByRole('region', { name: 'Tax withheld' })).toBeTruthy();
    const cards = [...document.querySelectorAll('[data-figure]')].map((e) => e.getAttribute('data-figure'));
    expect(cards.slice(0, 3)).toEqual(['invoiced', 'collected', 'withheld']);
  });

  it('shows no such card for a shop whose clients withhold nothing', () => {
    renderUi(<Figures report={report({ value: 0, previous: 0, change_pct: 0 })} />);
    expect(screen.queryByTestId('figure-withheld')).toBeNull();
    expect(document.querySelectorAll('[data-figure]')).toHaveLength(FIGURE_KEYS.length - 1);
  });
});
