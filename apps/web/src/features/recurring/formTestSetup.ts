import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setLanguage } from '../../i18n';

/** The repeat form's tests: Musa signed in on an emptied device; after each test the screen is cleared and English is back. */
export function setUpRecurringFormTests(): void {
  beforeAll(() => {
    localStorage.clear();
    localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa' }));
  });
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });
}
