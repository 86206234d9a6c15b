import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { MoneyInput } from './MoneyInput';
import { renderUi } from './testing';

afterEach(cleanup);

function Harness({ initial = null as number | null, onValue = (_: number | null) => {}, currency = 'NGN' }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Amount"
        currency={currency}
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

  it('strips commas and anything but digits and the dot; refuses a third decimal instead of dropping it', () => {
    const onValue = vi.fn();
    renderUi(<Harness onValue={onValue} />);
    type('₦ 12,,34abc');
    expect(input().value).toBe('1,234');
    expect(onValue).toHaveBeenLastCalledWith(123_400);
    type('9.999');
    expect(input().value).toBe('9.999');
    expect(onValue).toHaveBeenLastCalledWith(null);
    fireEvent.blur(input());
    expect(screen.getByText(/9\.999” can be read two ways|At most 2 decimals/)).toBeTruthy();
  });

  it('says at once what typing more cannot mend: "-5" (never 5), "1e3" (never 13), "30000.5" in UGX; not "1," on the way to "1,500" (t20 U2, U1)', () => {
    const onValue = vi.fn();
    renderUi(<Harness onValue={onValue} currency="UGX" />);
    type('-5');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Enter an amount above 0')).toBeTruthy();
    type('1e3');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Type an amount, like 12,500')).toBeTruthy();
    type('30000.5');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('UGX has no decimals. Type it like 12,500')).toBeTruthy();
    type('1,');
    expect(screen.queryByText(/Type an amount|has no decimals|above 0/)).toBeNull();
    type('1,500');
    expect(onValue).toHaveBeenLastCalledWith(1_500);
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

  describe('in the screen’s language (issue 23)', () => {
    afterEach(() => setLanguage('en'));

    it('French: 12500,50 is 12 500,50, shown so when leaving the field', async () => {
      await setLanguage('fr');
      const onValue = vi.fn();
      renderUi(<Harness onValue={onValue} />);
      type('12500,50');
      expect(onValue).toHaveBeenLastCalledWith(1_250_050);
      expect(input().value).toBe('12\u202f500,50');
      fireEvent.blur(input());
      expect(input().value).toBe('12\u202f500,50');
    });

    it('French: refuses 12.500 (12,5 or 12 500?) with a message, and gives back null', async () => {
      await setLanguage('fr');
      const onValue = vi.fn();
      renderUi(<Harness onValue={onValue} />);
      type('12.500');
      expect(onValue).toHaveBeenLastCalledWith(null);
      fireEvent.blur(input());
      expect(screen.getByText(/peut se lire de deux façons/)).toBeTruthy();
    });

    it('Kiswahili reads and writes as English; a currency without decimals refuses them', async () => {
      await setLanguage('sw');
      const onValue = vi.fn();
      renderUi(<Harness onValue={onValue} currency="UGX" />);
      type('12500');
      expect(input().value).toBe('12,500');
      expect(onValue).toHaveBeenLastCalledWith(12_500);
      type('12,500.5');
      fireEvent.blur(input());
      expect(onValue).toHaveBeenLastCalledWith(null);
      expect(screen.getByText(/UGX haina desimali/)).toBeTruthy();
    });

    it('English: 12 500,50 typed key by key is refused with a message, never read as 1,250,050', () => {
      const onValue = vi.fn();
      renderUi(<Harness onValue={onValue} />);
      let shown = '';
      for (const key of '12 500,50') {
        type(shown + key);
        shown = input().value;
      }
      expect(input().value).not.toBe('1,250,050');
      expect(onValue).not.toHaveBeenCalledWith(125_005_000);
      expect(onValue).toHaveBeenLastCalledWith(null);
      fireEvent.blur(input());
      expect(screen.getByText(/can be read two ways\. Type it like 12,500\.50/)).toBeTruthy();
      // The message quotes what was typed, not the regrouped text shown (verify27: it said "12,500,50").
      expect(input().value).toBe('12,500,50');
      expect(screen.getByText('“12 500,50” can be read two ways. Type it like 12,500.50')).toBeTruthy();
      // Pasted whole, too; an amount in English marks is read, and deleting a digit regroups as before.
      type('12 500,50');
      expect(onValue).toHaveBeenLastCalledWith(null);
      type('12,500.50');
      expect(onValue).toHaveBeenLastCalledWith(1_250_050);
      type('1,250');
      type('1,25');
      expect(input().value).toBe('125');
      expect(onValue).toHaveBeenLastCalledWith(12_500);
    });

    it('a value loaded while the screen is French shows in French', async () => {
      await setLanguage('fr');
      renderUi(<Harness initial={123_456} />);
      expect(input().value).toBe('1\u202f234,56');
    });
  });
});
