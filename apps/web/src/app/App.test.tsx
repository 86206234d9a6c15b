import { render, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { installDomShims } from '../ui/testing';
import { App } from './App';

beforeAll(installDomShims);

it('sends a visitor without a token to the login page', { timeout: 30_000 }, async () => {
  localStorage.clear();
  window.history.pushState({}, '', '/tabs/home');
  render(<App />);
  // Lazy chunks (query layout, shell, login page) load one after another: allow for a busy machine.
  expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 20_000 })).toBeTruthy();
  expect(window.location.pathname).toBe('/login');
});
