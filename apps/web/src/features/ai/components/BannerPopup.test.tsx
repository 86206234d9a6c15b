import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderAt } from '../testing';
import { BannerPopup } from './BannerPopup';

beforeAll(installDomShims);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const now = () => new Date('2026-11-22T10:00:00.000Z');
const record = () => JSON.parse(localStorage.getItem('AiWriter') ?? 'null') as { expireBanner: string; dismissed: boolean };

describe('the AI writer banner popup (SPEC modal 4)', () => {
  it('shows on first run and records the 20-day expiry; Not now dismisses it for good', async () => {
    renderAt('/', <BannerPopup now={now} />);
    expect(await screen.findByRole('img', { name: /Ai Writer/ })).toBeTruthy();
    expect(record()).toEqual({ expireBanner: '2026-12-12T10:00:00.000Z', dismissed: false });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(record().dismissed).toBe(true);
    cleanup();
    renderAt('/', <BannerPopup now={now} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('img', { name: /Ai Writer/ })).toBeNull();
  });

  it('clicking the banner plays the intro video fullscreen; closing it dismisses the banner', async () => {
    const requestFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { value: requestFullscreen, configurable: true });
    renderAt('/', <BannerPopup now={now} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Watch the intro video' }));
    const video = await screen.findByTestId('fullscreen-video');
    expect(video.querySelector('video')?.getAttribute('src')).toBe('/videos/intro.webm');
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(video);
    fireEvent.click(screen.getByRole('button', { name: 'Close video' }));
    await waitFor(() => expect(screen.queryByTestId('fullscreen-video')).toBeNull());
    expect(record().dismissed).toBe(true);
  });

  it('does not show after the expiry', async () => {
    localStorage.setItem('AiWriter', JSON.stringify({ expireBanner: '2026-11-01T00:00:00.000Z', dismissed: false }));
    renderAt('/', <BannerPopup now={now} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Watch the intro video' })).toBeNull();
  });
});
