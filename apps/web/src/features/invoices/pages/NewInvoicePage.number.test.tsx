import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cursorKey, db, type RecordMap } from '../../../data/db';
import { setLanguage } from '../../../i18n';
import { openEditor, signInMusa } from './editorTesting';

// Issue 23 (verify27 #5): a fresh device opening /new-invoice before its first sync titled the form INV-0001, a number
// it cannot know (INV-0001…0005 existed). Until the account's invoices are pulled, the title names no number.
const now = '2026-11-22T10:00:00.000Z';

beforeAll(async () => {
  signInMusa();
  await db.open();
  await db.meta.put({ key: cursorKey('invoices'), value: DEFAULT_LAST_UPDATED });
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const open = () => openEditor();

describe('the new invoice title before and after the first sync', () => {
  it('says "New invoice" and how the number is given, then the number once the sync brings the invoices', async () => {
    open();
    await screen.findByRole('heading', { name: 'New invoice' }, { timeout: 10_000 });
    expect((await screen.findByTestId('number-on-sync', {}, { timeout: 10_000 })).textContent).toBe(
      'Its number is given when you save it, once this device has synced with your account.',
    );
    expect(screen.queryByText(/INV-0001/)).toBeNull();
    // The first sync brings INV-0001…0005 and stores the invoices' cursor.
    await db.transaction('rw', [db.invoices, db.meta], async () => {
      for (let n = 1; n <= 5; n++) {
        await db.invoices.put({ id: `i${n}`, kind: 'invoice', number: `INV-000${n}`, created_at: now, updated_at: now } as RecordMap['invoices']);
      }
      await db.meta.put({ key: cursorKey('invoices'), value: 40 });
    });
    await screen.findByRole('heading', { name: 'New invoice · INV-0006' }, { timeout: 10_000 });
    expect(screen.queryByTestId('number-on-sync')).toBeNull();
  }, 30_000);

  it('French and Swahili', async () => {
    await db.meta.put({ key: cursorKey('invoices'), value: DEFAULT_LAST_UPDATED });
    for (const [language, heading, text] of [
      ['fr', 'Nouvelle facture', /^Son numéro lui est donné/],
      ['sw', 'Ankara mpya', /^Nambari yake itatolewa/],
    ] as const) {
      await setLanguage(language);
      open();
      await screen.findByRole('heading', { name: heading }, { timeout: 10_000 });
      expect((await screen.findByTestId('number-on-sync', {}, { timeout: 10_000 })).textContent).toMatch(text);
      cleanup();
    }
  }, 30_000);
});
