import { render, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { App } from './App';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});

it('sends a visitor without a token to the login page', async () => {
  localStorage.clear();
  window.history.pushState({}, '', '/tabs/home');
  render(<App />);
  expect(await screen.findByText('Login')).toBeTruthy();
  expect(window.location.pathname).toBe('/login');
});
