import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { qrEncoderLoaded, useQrEncoderAhead } from './QrCode';

describe('the receipt QR encoder on a first visit (issue 28)', () => {
  it('is fetched as soon as the Sell screen opens with an empty cart, while no service worker controls the page', async () => {
    expect(navigator.serviceWorker?.controller ?? null).toBeNull();
    expect(qrEncoderLoaded()).toBe(false);
    renderHook(() => useQrEncoderAhead(false)); // the Sell screen, nothing in the cart yet
    await waitFor(() => expect(qrEncoderLoaded()).toBe(true));
  });
});
