import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { RecurringModal } from './RecurringForm';

// t17 N5: at 360 px the repeat dialog, a centred card, ended over the bottom tab bar with its "Make 2 invoices today?"
// and Save out of sight. On a phone it takes the whole screen, as the app's other forms do.
const phoneWidth = (phone: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === '(max-width: 36em)',
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

beforeAll(() => {
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderUi(<RecurringModal opened onClose={() => undefined} onSave={async () => undefined} source={{ issue_date: '2026-11-20' }} />);

describe('the repeat dialog on a phone (t17 N5)', () => {
  it('takes the whole screen at 360 px', async () => {
    phoneWidth(true);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Repeat this invoice' });
    await waitFor(() => expect(dialog.hasAttribute('data-full-screen')).toBe(true));
  });

  it('stays a centred card on a wider screen', async () => {
    phoneWidth(false);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Repeat this invoice' });
    expect(dialog.hasAttribute('data-full-screen')).toBe(false);
  });
});
