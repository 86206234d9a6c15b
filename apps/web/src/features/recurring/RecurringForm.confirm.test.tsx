import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate, type Language } from '@duka/core';
import { todayForBusiness } from '../../data/today';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import { setUpRecurringFormTests } from './formTestSetup';
import { RecurringForm, type RecurringValues } from './RecurringForm';

// Issue 23 item 1 (D6): the question before a repeat makes invoices today says which one is sent and which are
// kept as drafts (a date already passed is never sent), instead of promising to send them all.
setUpRecurringFormTests();

const LABELS: Record<Language, { repeat: string; weekly: string; send: string; save: string; after: string; count: string }> = {
  en: {
    repeat: 'Repeat',
    weekly: 'Weekly',
    send: 'Send it to the client automatically',
    save: 'Save',
    after: 'After a number of invoices',
    count: 'Number of invoices',
  },
  fr: {
    repeat: 'Fréquence',
    weekly: 'Chaque semaine',
    send: 'L’envoyer automatiquement au client',
    save: 'Enregistrer',
    after: 'Après un nombre de factures',
    count: 'Nombre de factures',
  },
  sw: {
    repeat: 'Rudia',
    weekly: 'Kila wiki',
    send: 'Imtumie mteja kiotomatiki',
    save: 'Hifadhi',
    after: 'Baada ya idadi fulani ya ankara',
    count: 'Idadi ya ankara',
  },
};

/** A weekly repeat of an invoice dated `daysAgo` days ago, sent automatically; returns the question's text. */
async function ask(language: Language, daysAgo: number, count?: number, onSave = async (_v: RecurringValues) => undefined): Promise<string> {
  await setLanguage(language);
  const l = LABELS[language];
  renderUi(<RecurringForm opened onClose={() => undefined} onSave={onSave} source={{ issue_date: addDays(todayForBusiness(), -daysAgo) }} />);
  fireEvent.click(screen.getAllByLabelText(l.repeat).find((e) => e.tagName === 'INPUT')!);
  fireEvent.click(await screen.findByRole('option', { name: l.weekly }));
  fireEvent.click(screen.getByRole('radio', { name: l.send }));
  if (count) {
    fireEvent.click(screen.getByRole('radio', { name: l.after }));
    fireEvent.change(screen.getByLabelText(l.count), { target: { value: String(count) } });
  }
  fireEvent.click(screen.getByRole('button', { name: l.save }));
  return (await screen.findByTestId('recurring-confirm-today')).textContent ?? '';
}

const day = (n: number) => formatDate(addDays(todayForBusiness(), -n));

describe('the repeat question says which invoices are sent and which stay drafts', () => {
  it('English: one sent today, one for a passed date kept as a draft', async () => {
    const text = await ask('en', 14);
    expect(text).toContain(
      `Saving makes 2 invoices today. The one dated ${day(0)} is sent to the client at once. The one dated ${day(7)} is kept as a draft and not sent, because its date has passed`,
    );
    expect(text).not.toContain('sends them');
  });

  it('English: only passed dates — draft invoices, none sent', async () => {
    const text = await ask('en', 21, 2);
    expect(text).toContain(`Saving makes a draft invoice dated ${day(14)} today. It is not sent to the client, because its date has passed`);
  });

  it('French and Swahili say the same', async () => {
    const fr = await ask('fr', 21);
    expect(fr).toContain('Enregistrer crée aujourd’hui 3 factures.');
    expect(fr).toContain('Les 2 autres');
    expect(fr).toContain('restent en brouillon et ne sont pas envoyées');
    cleanup();
    const sw = await ask('sw', 14);
    expect(sw).toContain('Ukihifadhi, ankara 2 zitatengenezwa leo.');
    expect(sw).toContain('itabaki kama rasimu na haitumwi');
  });

  it('says yes to the server too: the saved schedule carries make_past, which the server asks for (t17 N3)', async () => {
    const saved: RecurringValues[] = [];
    await ask('en', 21, 2, async (v) => {
      saved.push(v);
    });
    expect(saved).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, make it now' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ frequency: 'weekly', start_date: addDays(todayForBusiness(), -21), make_past: true });
  });
});
