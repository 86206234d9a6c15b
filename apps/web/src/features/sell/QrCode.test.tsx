import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './QrCode';

describe('QrCode', () => {
  it('draws the link as an SVG QR code', async () => {
    render(<QrCode text="https://duka.example/invoice/link/AbCdEfGhIjKlMnOpQrStUv" label="QR code of the sale's link" />);
    const svg = await screen.findByRole('img', { name: "QR code of the sale's link" });
    const d = svg.querySelector('path')?.getAttribute('d') ?? '';
    // Version 4 (33 × 33 modules) for a link this long at level M; the finder pattern's top row is a run of 7.
    expect(svg.getAttribute('viewBox')).toBe('-4 -4 41 41');
    expect(d.startsWith('M0 0h7v1h-7z')).toBe(true);
  });
});
