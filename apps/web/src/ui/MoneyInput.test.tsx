import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './MoneyInput';
import { renderUi } from './testing';

afterEach(cleanup);

function Harness({ initial = null as number | null, onValue = (_: number | null) => {} }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Amount"
        currency="NGN"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setValue(123_456)}>
        load
      </button>
    </>
  );
}

const input = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('MoneyInput (SPEC §5)', () => {
  it('adds thousands separators as the user types and gives back minor units', () => {
    const onValue = vi.fn();
    renderUi(<Harness onValue={onValue} />);
    type('1234567');
    expect(input().value).toBe('1,234,567');
    expect(onValue).toHaveBeenLastCalledWith(123_456_700);
    type('1,234,567.5');
    expect(input().value).toBe('1,234,567.5');
    expect(onValue).toHaveBeenLastCalledWith(123_456_750);
  });

  it('strips commas and anything but digits and the dot; keeps at most two decimals', () => {
    const onValue = vi.fn();
    renderUi(<Harness onValue={onValue} />);
    type('₦ 12,,34abc');
    expect(input().value).toBe('1,234');
    expect(onValue).toHaveBeenLastCalledWith(123_400);
    type('9.999');
    expect(input().value).toBe('9.99');
    expect(onValue).toHaveBeenLastCalledWith(999);
  });

  it('is empty (null) when cleared, and shows a value set from outside', () => {
    const onValue = vi.fn();
    renderUi(<Harness initial={250_000} onValue={onValue} />);
    expect(input().value).toBe('2,500');
    type('');
    expect(onValue).toHaveBeenLastCalledWith(null);
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(input().value).toBe('1,234.56');
  });

  it('shows the currency symbol and asks for a decimal keyboard', () => {
    renderUi(<Harness />);
    expect(input().getAttribute('inputmode')).toBe('decimal');
    expect(document.body.textContent).toContain('₦');
  });
});
