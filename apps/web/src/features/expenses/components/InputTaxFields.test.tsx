import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { InputTaxFields, type InputTaxValues } from './InputTaxFields';

// t19 N4: "Rate" filled in Kenya's 16% in every country, so a Lagos expense of ₦21,500.75 claimed ₦2,965.62 of input
// VAT instead of ₦1,500.05, lowering the VAT the owner declares.
afterEach(cleanup);

function Form({ country }: { country: string }) {
  const [value, setValue] = useState<InputTaxValues>({ input_tax_rate_bps: null, input_tax_amount: null, input_tax_inclusive: true });
  return <InputTaxFields amount={2150075} currency="NGN" country={country} value={value} onChange={setValue} />;
}

describe('the input tax rate of an expense', () => {
  it("starts at the business's country's VAT: 7.5% in Nigeria, with the tax inside the amount worked from it", () => {
    renderUi(<Form country="Nigeria" />);
    fireEvent.click(screen.getByText('Rate'));
    expect((screen.getByTestId('input-tax-rate') as HTMLInputElement).value).toBe('7.5');
    expect(screen.getByTestId('input-tax-amount').textContent).toBe('Input tax: ₦1,500.05 (paid in all: ₦21,500.75)');
  });

  it('starts at VAT plus the levies in Ghana (20%)', () => {
    renderUi(<Form country="GH" />);
    fireEvent.click(screen.getByText('Rate'));
    expect((screen.getByTestId('input-tax-rate') as HTMLInputElement).value).toBe('20');
  });
});
