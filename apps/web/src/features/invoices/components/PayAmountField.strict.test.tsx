import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { PayAmountField } from './PayAmountField';

afterEach(cleanup);

/** t20 U1, U2: what the customer types on the Ugandan pay page is read strictly, and what is wrong is said. */
function Harness({ taken }: { taken: (minor: number | null) => void }) {
  const [value, setValue] = useState<number | null>(50_000);
  return (
    <PayAmountField
      value={value}
      onChange={(minor) => {
        taken(minor);
        setValue(minor);
      }}
      balance={50_000}
      min={1_000}
      currency="UGX"
    />
  );
}

describe('the pay page amount box reads strictly (t20 U1, U2)', () => {
  it('"30000.5" says UGX has no decimals (not "Enter the amount to pay."); "-5" and "1e3" are never 5 or 13', () => {
    const seen: Array<number | null> = [];
    renderUi(<Harness taken={(m) => seen.push(m)} />);
    const box = screen.getByLabelText('Amount to pay');
    fireEvent.change(box, { target: { value: '30000.5' } });
    expect(screen.getByText('UGX has no decimals. Type it like 12,500')).toBeTruthy();
    expect(screen.queryByText('Enter the amount to pay.')).toBeNull();
    fireEvent.change(box, { target: { value: '-5' } });
    expect(screen.getByText('Enter an amount above 0')).toBeTruthy();
    fireEvent.change(box, { target: { value: '1e3' } });
    expect(screen.getByText('Type an amount, like 12,500')).toBeTruthy();
    expect(seen.slice(-3)).toEqual([null, null, null]);
    fireEvent.change(box, { target: { value: '30000' } });
    expect(seen.at(-1)).toBe(30_000);
  });
});
