import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import type { FiscalView, PublicFiscal as Fiscal } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../ui/testing';
import { FiscalStatus } from './FiscalStatus';
import PublicFiscal from './PublicFiscal';

// Issue 26: in TEST MODE nothing goes to KRA; the owner's view and the public page say it was a test signature.
const signed = {
  state: 'fiscalised',
  test: true,
  control_unit_id: 'DUKATESTWD2BHN4Z',
  fiscal_number: '1',
  receipt_label: '1/1 TS',
  internal_data: 'V7ITDHTRSUCZ4SHB7YQ7LQAIZ4',
  signature: 'BZ2JOJAUSGI3THEH',
  fiscal_datetime: '2026-11-26T07:13:28Z',
  qr_text: null,
  error: null,
  attempts: 1,
} as const;

afterEach(cleanup);

describe('TEST MODE words', () => {
  it('the public page heads a test signature as one, in the client’s language; a real one as a tax invoice', () => {
    renderUi(<PublicFiscal fiscal={{ ...signed, buyer_pin: null } as unknown as Fiscal} language="en" />);
    expect(screen.getByTestId('public-fiscal').textContent).toContain('Test signature (TEST MODE): not sent to KRA');
    expect(screen.getByTestId('public-fiscal').textContent).not.toContain('Tax invoice (KRA eTIMS)');
    cleanup();
    renderUi(<PublicFiscal fiscal={{ ...signed, buyer_pin: null } as unknown as Fiscal} language="sw" />);
    expect(screen.getByTestId('public-fiscal').textContent).toContain('Sahihi ya majaribio (HALI YA MAJARIBIO): haijatumwa KRA');
    cleanup();
    renderUi(<PublicFiscal fiscal={{ ...signed, test: false, receipt_label: '1/1 NS', buyer_pin: null } as unknown as Fiscal} language="en" />);
    expect(screen.getByTestId('public-fiscal').textContent).toContain('Tax invoice (KRA eTIMS)');
  });

  it('the owner’s view says “Signed in TEST MODE”, and “Fiscalised with KRA” only for KRA’s own signature', () => {
    const show = (view: FiscalView) =>
      renderUi(
        <QueryClientProvider client={new QueryClient()}>
          <FiscalStatus invoiceId="i1" view={view} />
        </QueryClientProvider>,
      );
    show(signed as unknown as FiscalView);
    expect(screen.getByTestId('fiscal-title').textContent).toBe('Signed in TEST MODE (not sent to KRA)');
    cleanup();
    show({ ...signed, test: false, receipt_label: '1/1 NS' } as unknown as FiscalView);
    expect(screen.getByTestId('fiscal-title').textContent).toBe('Fiscalised with KRA');
    cleanup();
    show({
      ...signed,
      state: 'fiscal_error',
      error: { message: 'Line 1 (Cement) has a tax KRA does not know.', fix: 'Use VAT 16%.' },
    } as unknown as FiscalView);
    expect(screen.getByTestId('fiscal-error').textContent).toContain('Not signed in TEST MODE');
    expect(screen.getByTestId('fiscal-error').textContent).not.toContain('KRA refused');
    // The button signs again in TEST MODE: it does not offer to send anything to KRA.
    expect(screen.getByRole('button', { name: 'Sign again in TEST MODE' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to KRA again' })).toBeNull();
    cleanup();
    show({ ...signed, test: false, state: 'fiscal_error', error: { message: 'Invalid PIN', fix: 'Fix it.' } } as unknown as FiscalView);
    expect(screen.getByRole('button', { name: 'Send to KRA again' })).toBeTruthy();
  });

  it('awaiting its signature: in TEST MODE it never says Duka sends it to KRA; live, it does (en/fr/sw words)', () => {
    const waiting = { ...signed, state: 'provisional', control_unit_id: null, fiscal_number: null, receipt_label: null } as unknown as FiscalView;
    const show = (view: FiscalView) =>
      renderUi(
        <QueryClientProvider client={new QueryClient()}>
          <FiscalStatus invoiceId="i1" view={view} />
        </QueryClientProvider>,
      );
    show(waiting);
    const text = screen.getByTestId('fiscal-awaiting').textContent ?? '';
    expect(text).toContain('Awaiting its TEST MODE signature');
    expect(text).toContain('nothing is sent to KRA');
    expect(text.replace(/nothing is sent to KRA/g, '')).not.toMatch(/KRA/);
    cleanup();
    show({ ...waiting, test: false });
    expect(screen.getByTestId('fiscal-awaiting').textContent).toContain('Duka sends it to KRA by itself');
    cleanup();
    // The public page awaiting its TEST MODE signature says so too.
    renderUi(<PublicFiscal fiscal={{ state: 'provisional', test: true } as unknown as Fiscal} language="fr" />);
    expect(screen.getByTestId('public-fiscal-awaiting').textContent).toContain('En attente de sa signature en MODE TEST');
    expect(screen.getByTestId('public-fiscal-awaiting').textContent).toContain("rien n'est envoyé à la KRA");
  });
});
