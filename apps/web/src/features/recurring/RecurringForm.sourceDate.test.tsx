import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonthsClamped, formatDate, type Language } from '@duka/core';
import { todayForBusiness } from '../../data/today';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import { setUpRecurringFormTests } from './formTestSetup';
import { RecurringForm } from './RecurringForm';

// Issue 23 (t15b): on an invoice dated today, "First invoice on" a month ago then "Yes, make it now" made the month-ago
// invoice and a second one for today, so the client was billed twice for today. The invoice stands for its own date:
// the question names one invoice, and its title counts what the body counts.
setUpRecurringFormTests();
// A day in mid-month: on the 29th–31st a month back is clamped (31 Dec → 30 Nov → 30 Dec), and the series then has a
// date of its own just before the invoice's, so "one month back" rightly makes two. Only the clock is fixed.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T10:00:00Z'));
});
afterAll(() => vi.useRealTimers());

const LABELS: Record<Language, { start: string; save: string; title1: string; title2: string }> = {
  en: { start: 'First invoice on', save: 'Save', title1: 'Make an invoice today?', title2: 'Make 2 invoices today?' },
  fr: { start: 'Première facture le', save: 'Enregistrer', title1: 'Créer une facture aujourd’hui ?', title2: 'Créer 2 factures aujourd’hui ?' },
  sw: { start: 'Ankara ya kwanza tarehe', save: 'Hifadhi', title1: 'Kutengeneza ankara leo?', title2: 'Kutengeneza ankara 2 leo?' },
};

/** A monthly repeat of an invoice dated today whose first invoice is `monthsAgo` months back: the question asked. */
async function ask(language: Language, monthsAgo: number) {
  await setLanguage(language);
  const today = todayForBusiness();
  renderUi(<RecurringForm opened onClose={() => undefined} onSave={async () => undefined} source={{ issue_date: today }} />);
  fireEvent.change(screen.getByLabelText(LABELS[language].start), { target: { value: addMonthsClamped(today, -monthsAgo) } });
  fireEvent.click(screen.getByRole('button', { name: LABELS[language].save }));
  const dialog = await screen.findByTestId('recurring-confirm-today');
  return { dialog, said: screen.getByTestId('recurring-source-first').textContent ?? '', today };
}

describe('a first date before the invoice: the invoice stands for its own date', () => {
  it('a month back makes one invoice, the month-ago one, never a second one for today', async () => {
    const { dialog, said, today } = await ask('en', 1);
    expect(dialog.getAttribute('aria-label')).toBe('Make an invoice today?');
    expect(dialog.textContent).toContain(`Saving makes a draft invoice dated ${formatDate(addMonthsClamped(today, -1))} today.`);
    expect(said).toContain(`Saving makes one invoice today, dated ${formatDate(addMonthsClamped(today, -1))}.`);
    expect(said).toContain(`This invoice stands for ${formatDate(today)}: no second invoice is made for that date.`);
    expect(said).toContain(`the next one will be made on ${formatDate(addMonthsClamped(today, 1))}`);
    expect(screen.getByRole('button', { name: 'Yes, make it now' })).toBeTruthy();
  });

  for (const language of ['en', 'fr', 'sw'] as const) {
    it(`${language}: two months back, the title counts the two invoices the body names`, async () => {
      const { dialog } = await ask(language, 2);
      expect(dialog.getAttribute('aria-label')).toBe(LABELS[language].title2);
      expect(dialog.textContent).toContain(formatDate(addMonthsClamped(todayForBusiness(), -2)));
      expect(dialog.textContent).toContain(formatDate(addMonthsClamped(todayForBusiness(), -1)));
      expect(dialog.textContent).not.toContain(`${formatDate(todayForBusiness())}`);
    });
  }
});
