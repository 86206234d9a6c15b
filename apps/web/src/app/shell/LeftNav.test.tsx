import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser, type User } from '../../data/user';
import { renderUi } from '../../ui/testing';
import { PHONE_WIDTH } from '../frameSkeleton';
import { LeftNav } from './LeftNav';

const width = (phone: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === PHONE_WIDTH,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

const render = () =>
  renderUi(
    <MemoryRouter>
      <LeftNav onMore={() => undefined} />
    </MemoryRouter>,
  );

// t22: on a phone the left nav is only hidden by CSS; its logo file input was the page's first file input on New
// expense, and a receipt photo picked there became the business logo.
describe('left nav logo spot', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('on a wide screen: the ADD LOGO spot with a labelled file input', () => {
    width(false);
    setCurrentUser({ id: '1', name: 'Ada', username: 'ada', company_name: 'Ada Shop' } as User);
    render();
    expect(screen.getByRole('button', { name: 'ADD LOGO' })).toBeTruthy();
    expect(screen.getByLabelText('Business logo').getAttribute('type')).toBe('file');
  });

  it('on a phone: no logo spot and no file input in the page (phones change the logo in Account)', () => {
    width(true);
    setCurrentUser({ id: '1', name: 'Ada', username: 'ada', company_name: 'Ada Shop' } as User);
    const { container } = render();
    expect(container.querySelector('input[type=file]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ADD LOGO' })).toBeNull();
  });
});
