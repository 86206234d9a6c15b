import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@duka/core';
import { todayForBusiness } from '../../data/today';
import { readDraft } from '../../ui/drafts/store';
import { renderUi } from '../../ui/testing';
import { RecurringForm, type RecurringValues } from './RecurringForm';

// Issue 23 item 5: what was typed in a repeat's form is kept on the device until saved or discarded.
const key = 'recurring:inv-1:new';
const source = { issue_date: '2026-11-20' };

beforeAll(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa' }));
});
afterEach(cleanup);

function open(onSave: (v: RecurringValues) => Promise<void> = async () => undefined) {
  return renderUi(<RecurringForm opened onClose={() => undefined} onSave={onSave} source={source} draftKey={key} />);
}

describe('repeat form draft', () => {
  it('keeps what was typed after the form is closed, restores it, and forgets it when discarded', async () => {
    const first = open();
    fireEvent.click(screen.getByRole('radio', { name: /Send it to the client automatically/i }));
    fireEvent.click(screen.getByRole('radio', { name: 'After a number of invoices' }));
    fireEvent.change(screen.getByLabelText('Number of invoices'), { target: { value: '5' } });
    await waitFor(() => expect(readDraft<{ count: string; send_mode: string }>(key)?.value).toMatchObject({ count: '5', send_mode: 'send', ends: 'after' }));
    first.unmount();

    open();
    expect((screen.getByLabelText('Number of invoices') as HTMLInputElement).value).toBe('5');
    expect((screen.getByRole('radio', { name: /Send it to the client automatically/i }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('draft-notice').textContent).toMatch(/was kept/);

    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    fireEvent.click(dialog.querySelector('button[data-autofocus]')!);
    await waitFor(() => expect(screen.queryByLabelText('Number of invoices')).toBeNull());
    expect(readDraft(key)).toBeNull();
    expect((screen.getByRole('radio', { name: /Keep it as a draft/i }) as HTMLInputElement).checked).toBe(true);
  });

  it('is removed once the repeat is saved', async () => {
    const saved: RecurringValues[] = [];
    open(async (v) => void saved.push(v));
    const later = addDays(todayForBusiness(), 30);
    fireEvent.change(screen.getByLabelText('First invoice on'), { target: { value: later } });
    await waitFor(() => expect(readDraft(key)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].start_date).toBe(later);
    await waitFor(() => expect(readDraft(key)).toBeNull());
  });
});
