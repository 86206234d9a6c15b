import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing';
import { ImportConfirm } from './ImportConfirm';

afterEach(cleanup);

describe('the CSV import button (t17 R3)', () => {
  it('with a bad row it says what blocks it, not what it will not do', () => {
    renderUi(<ImportConfirm badLines={[4]} count={3} busy={false} onConfirm={() => {}} />);
    const button = screen.getByRole('button', { name: 'Fix or remove row 4 first' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByText(/Import 3 rows/)).toBeNull();
  });
  it('with several bad rows it counts them', () => {
    renderUi(<ImportConfirm badLines={[2, 5]} count={3} busy={false} onConfirm={() => {}} />);
    expect((screen.getByRole('button', { name: 'Fix or remove 2 rows first' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it('with every row right it imports them', () => {
    const onConfirm = vi.fn();
    renderUi(<ImportConfirm badLines={[]} count={3} busy={false} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
