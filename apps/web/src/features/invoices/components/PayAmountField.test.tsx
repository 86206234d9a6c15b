import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setDisplayLanguage } from '@duka/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { PayAmountField, payAmountProblem } from './PayAmountField';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  setDisplayLanguage('en');
});

const BALANCE = 376_250;
const MIN = 50_000;
let taken: number | null = null;

function Harness() {
  const [value, setValue] = useState<number | null>(BALANCE);
  const change = (minor: number | null) => {
    taken = minor;
    setValue(minor);
  };
  return <PayAmountField value={value} onChange={change} balance={BALANCE} min={MIN} currency="NGN" />;
}

describe('payAmountProblem', () => {
  it('takes the balance or a part between the minimum and the balance', () => {
    expect(payAmountProblem(BALANCE, BALANCE, MIN)).toBeNull();
    expect(payAmountProblem(MIN, BALANCE, MIN)).toBeNull();
    expect(payAmountProblem(MIN - 1, BALANCE, MIN)).toBe('tooLittle');
    expect(payAmountProblem(BALANCE + 1, BALANCE, MIN)).toBe('tooMuch');
    expect(payAmountProblem(null, BALANCE, MIN)).toBe('required');
    expect(payAmountProblem(0, BALANCE, MIN)).toBe('required');
    // A balance below the minimum can still be paid in full.
    expect(payAmountProblem(20_000, 20_000, MIN)).toBeNull();
  });
});

describe('PayAmountField', () => {
  it('shows a whole minimum and balance without cents, and both with cents once one has them', () => {
    renderUi(<PayAmountField value={190_000} onChange={() => {}} balance={190_000} min={1} currency="KES" />);
    expect(screen.getByText('You may pay part of the balance: at least KSh0.01, at most KSh1,900.00.')).toBeTruthy();
    cleanup();
    renderUi(<PayAmountField value={190_000} onChange={() => {}} balance={190_000} min={100} currency="KES" />);
    expect(screen.getByText('You may pay part of the balance: at least KSh1, at most KSh1,900.')).toBeTruthy();
  });

  it('starts at the balance and reads what the customer types', async () => {
    renderUi(<Harness />);
    const input = screen.getByTestId('pay-amount') as HTMLInputElement;
    expect(input.value).toBe('3,762.50');
    expect(screen.queryByText(/Pay at least/)).toBeNull();
    fireEvent.change(input, { target: { value: '1,000' } });
    expect(taken).toBe(100_000);
    expect(screen.queryByText(/Pay at least|more than the balance/)).toBeNull();
    fireEvent.change(input, { target: { value: '100' } });
    expect(taken).toBe(10_000);
    // The balance has kobo, so every amount of the sentence shows them (issue 23).
    expect(screen.getByText('Pay at least ₦500.00.')).toBeTruthy();
    expect(screen.getByText('You may pay part of the balance: at least ₦500.00, at most ₦3,762.50.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '5000' } });
    expect(screen.getByText('You cannot pay more than the balance, ₦3,762.50.')).toBeTruthy();
  });

  for (const [language, typed, expected] of [
    ['fr', '100', /^Payez au moins (₦\s?500,00|500,00\s?₦)\.$/],
    ['sw', '100', /^Lipa angalau ₦\s?500\.00\.$/],
  ] as const) {
    it(`says the field error in ${language}`, async () => {
      await setLanguage(language);
      setDisplayLanguage(language);
      renderUi(<Harness />);
      fireEvent.change(screen.getByTestId('pay-amount'), { target: { value: typed } });
      expect(taken).toBe(10_000);
      expect(screen.getByText(expected)).toBeTruthy();
    });
  }
});
