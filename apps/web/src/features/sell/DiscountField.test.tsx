import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../ui/testing';
import { DiscountField } from './SellParts';
import './strings';

type Discount = { type: 'percentage' | 'amount'; value: number } | null;
let last: Discount = null;
function Harness() {
  const [value, setValue] = useState<Discount>(null);
  return (
    <DiscountField
      value={value}
      currency="NGN"
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}

afterEach(cleanup);

describe('the counter discount (t21: 150 % silently became 100 %, "Cash ₦0")', () => {
  it('refuses more than 100 % with a sentence, keeps what was typed, and gives no discount meanwhile', () => {
    renderUi(<Harness />);
    const box = screen.getByLabelText('Discount');
    fireEvent.change(box, { target: { value: '150' } });
    expect((box as HTMLInputElement).value).toBe('150');
    expect(screen.getByText('A discount is at most 100 %: check the figure')).toBeTruthy();
    expect(last).toBeNull();
    fireEvent.change(box, { target: { value: '15' } });
    expect(screen.queryByText('A discount is at most 100 %: check the figure')).toBeNull();
    expect(last).toEqual({ type: 'percentage', value: 1500 });
    fireEvent.change(box, { target: { value: '-10' } });
    expect(screen.getByText('Type a discount like 10 or 12.5')).toBeTruthy();
    expect(last).toBeNull();
  });
});
