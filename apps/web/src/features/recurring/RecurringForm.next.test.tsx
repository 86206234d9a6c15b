import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from '@duka/core';
import { todayForBusiness } from '../../data/today';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import { setUpRecurringFormTests } from './formTestSetup';
import { RecurringForm } from './RecurringForm';

// Issue 23 (verify27 D6 nit): repeating an invoice two weeks old, the form said "The next one will be made on" a date
// a week in the past. It names the first date not made on saving (after today) and says which are made today.
setUpRecurringFormTests();

const day = (n: number) => formatDate(addDays(todayForBusiness(), n));

async function sentence(daysAgo: number, language: 'en' | 'fr' = 'en', weekly = 'Weekly'): Promise<string> {
  await setLanguage(language);
  renderUi(<RecurringForm opened onClose={() => undefined} onSave={async () => undefined} source={{ issue_date: addDays(todayForBusiness(), -daysAgo) }} />);
  fireEvent.click(screen.getAllByLabelText(language === 'en' ? 'Repeat' : 'Fréquence').find((e) => e.tagName === 'INPUT')!);
  fireEvent.click(await screen.findByRole('option', { name: weekly }));
  return (await screen.findByTestId('recurring-source-first')).textContent ?? '';
}

describe('the repeat form names a next date that is not in the past', () => {
  it('an invoice two weeks old: the two due are made today, the next one a week from today', async () => {
    const text = await sentence(14);
    expect(text).toBe(
      `This invoice is the first. Saving also makes 2 invoices today, dated ${day(-7)} to ${day(0)}. After that, the next one will be made on ${day(7)}.`,
    );
    expect(text).not.toContain(`will be made on ${day(-7)}`);
  });
  it('an invoice dated today: the next one a period later, nothing made today', async () => {
    expect(await sentence(0)).toBe(`This invoice is the first. The next one will be made on ${day(7)}.`);
  });
  it('an invoice 10 days old: one made today (dated 3 days ago), the next in 4 days', async () => {
    expect(await sentence(10)).toBe(
      `This invoice is the first. Saving also makes one invoice today, dated ${day(-3)}. After that, the next one will be made on ${day(4)}.`,
    );
  });
  it('French', async () => {
    const text = await sentence(14, 'fr', 'Chaque semaine');
    expect(text).toContain(`Ensuite, la suivante sera créée le ${formatDate(addDays(todayForBusiness(), 7), 'fr')}.`);
    // t17 N4: the noun is said ("les 2 datées du…" had none).
    expect(text).toContain(
      `Enregistrer crée aussi aujourd’hui 2 factures, datées du ${formatDate(addDays(todayForBusiness(), -7), 'fr')} au ${formatDate(todayForBusiness(), 'fr')}.`,
    );
  });
});

// verify12 D3: with no source invoice, a first date typed in the past listed past dates as the coming invoices.
describe('a first date typed in the past (no source invoice)', () => {
  it('names those made on saving and lists only dates after today as coming', async () => {
    await setLanguage('en');
    renderUi(<RecurringForm opened onClose={() => undefined} onSave={async () => undefined} />);
    fireEvent.click(screen.getAllByLabelText('Repeat').find((e) => e.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    fireEvent.change(screen.getByLabelText('First invoice on'), { target: { value: addDays(todayForBusiness(), -14) } });
    expect((await screen.findByTestId('recurring-source-first')).textContent).toBe(
      `Saving makes 3 invoices today, dated ${day(-14)} to ${day(0)}. After that, the next one will be made on ${day(7)}.`,
    );
    expect(screen.getByTestId('recurring-preview').textContent).toBe([day(7), day(14), day(21)].join(' · '));
  });
});
