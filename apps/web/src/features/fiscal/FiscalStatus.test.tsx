import { fiscalErrorFix, type FiscalView } from '@duka/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import { FiscalStatus } from './FiscalStatus';

const refused = (code: string, test: boolean): FiscalView => ({
  state: 'fiscal_error',
  test,
  control_unit_id: null,
  fiscal_number: null,
  receipt_label: null,
  internal_data: null,
  signature: null,
  fiscal_datetime: null,
  qr_text: null,
  error: { code, message: 'The item … could not be registered with KRA: … (910)', fix: fiscalErrorFix(code, test) },
  attempts: 1,
});
const show = (view: FiscalView) =>
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <FiscalStatus invoiceId="0f6b7a52-5d1c-4c3f-8a8e-1f0e2c3d4b5a" view={view} />
    </QueryClientProvider>,
  );

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('what to fix after a refusal (issue 26)', () => {
  it("a refused generic item (typed lines, fees) has its own words, not the catalog item's, in en/fr/sw", async () => {
    show(refused('generic:910', false));
    expect(screen.getByTestId('fiscal-error').textContent).toContain(`What to fix: ${fiscalErrorFix('generic:910')}`);
    expect(screen.getByTestId('fiscal-error').textContent).not.toContain("catalog item's");
    cleanup();
    show(refused('item:910', true));
    expect(screen.getByTestId('fiscal-error').textContent).toContain(`What to fix: ${fiscalErrorFix('item:910', true)}`);
    cleanup();
    await setLanguage('fr');
    show(refused('generic:910', false));
    expect(screen.getByTestId('fiscal-error').textContent).toMatch(
      /À corriger : L'article refusé est celui que Duka envoie pour les lignes saisies sur la facture et pour les frais\. Modifiez la facture/,
    );
    cleanup();
    await setLanguage('sw');
    show(refused('generic:910', true));
    expect(screen.getByTestId('fiscal-error').textContent).toMatch(/Cha kurekebisha: Bidhaa iliyokataliwa ni ile Duka inayotuma .*HALI YA MAJARIBIO/);
  });
});
