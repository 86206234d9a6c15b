import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Collection } from '../../data/db';
import { setLanguage } from '../../i18n/lite';
import { renderWithQueries } from '../testing';
import { ConflictNotice } from './ConflictNotice';
import './strings.fr';
import './strings.sw';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

// Offline in tests (no server): the notice says what it can without the history.
const record = { id: '0f6b7a52-5d1c-4c3f-8a8e-1f0e2c3d4b5a', conflict: true, history_count: 1, version: 4 };
const show = (collection: Collection) => renderWithQueries(<ConflictNotice collection={collection} record={record as never} />);

describe('"Edited on another device" names the record shown (not "This client" on every screen)', () => {
  it.each([
    ['contacts', 'This client was also changed on another device.'],
    ['notes', 'This note was also changed on another device.'],
    ['expenses', 'This expense was also changed on another device.'],
    ['catalogs', 'This item was also changed on another device.'],
    ['fees', 'This tax or fee was also changed on another device.'],
    ['invoices', 'This invoice was also changed on another device.'],
  ] as const)('%s', (collection, sentence) => {
    show(collection);
    expect(screen.getByTestId('conflict-notice').textContent).toContain(sentence);
  });

  it('in French and Swahili too', async () => {
    await setLanguage('fr');
    show('expenses');
    expect(screen.getByTestId('conflict-notice').textContent).toContain('Cette dépense a aussi été modifiée sur un autre appareil.');
    cleanup();
    await setLanguage('sw');
    show('catalogs');
    expect(screen.getByTestId('conflict-notice').textContent).toContain('Bidhaa hii ilibadilishwa pia kwenye kifaa kingine.');
  });
});
