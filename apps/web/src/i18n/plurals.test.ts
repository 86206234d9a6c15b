import { describe, expect, it } from 'vitest';
import '../features/debtors/strings';
import '../features/invoices/strings';
import '../features/recurring/strings';
import '../ui/csv/strings';
import { ensure, i18next, LANGUAGES } from './index';

/** Counted texts agree with their number in every language (issue 19): "1 invoice", "1 facture", "2 factures". */
describe('plural forms', () => {
  const cases: Array<[string, string, number, Record<string, string>]> = [
    ['invoices', 'results', 1, { en: '1 invoice', fr: '1 facture', sw: 'Ankara 1' }],
    ['invoices', 'results', 3, { en: '3 invoices', fr: '3 factures', sw: 'Ankara 3' }],
    ['debtors', 'daysOverdue', 1, { en: '1 day overdue', fr: '1 jour de retard', sw: 'Imechelewa siku 1' }],
    ['debtors', 'daysOverdue', 45, { en: '45 days overdue', fr: '45 jours de retard', sw: 'Imechelewa siku 45' }],
    ['recurring', 'made', 1, { en: '1 made', fr: '1 facture créée', sw: 'Ankara 1 imetengenezwa' }],
    ['recurring', 'made', 2, { en: '2 made', fr: '2 factures créées', sw: 'Ankara 2 zimetengenezwa' }],
    ['csv', 'imported.contacts', 1, { en: '1 client imported', fr: '1 client importé', sw: 'Mteja 1 ameingizwa' }],
    ['csv', 'imported.contacts', 3, { en: '3 clients imported', fr: '3 clients importés', sw: 'Wateja 3 wameingizwa' }],
    ['csv', 'imported.expenses', 1, { en: '1 expense imported', fr: '1 dépense importée', sw: 'Gharama 1 imeingizwa' }],
  ];

  it('uses the singular for one and the plural otherwise', async () => {
    await Promise.all(['invoices', 'debtors', 'recurring', 'csv'].flatMap((ns) => [ensure('fr', ns), ensure('sw', ns)]));
    for (const [ns, key, count, want] of cases)
      for (const language of LANGUAGES) expect(i18next.getFixedT(language, ns)(key, { count }), `${language} ${ns}:${key} ${count}`).toBe(want[language]);
  });
});
