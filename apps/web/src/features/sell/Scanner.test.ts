import { BarcodeDetector as Library } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { scanDetector } from './Scanner';

const native = (formats: string[]) =>
  Object.assign(
    class {
      detect() {
        return Promise.resolve([]);
      }
    },
    { getSupportedFormats: () => Promise.resolve(formats) },
  );

describe('the barcode detector for the camera scan', () => {
  it("uses the browser's own when it reads shop barcodes", async () => {
    const own = native(['ean_13', 'qr_code']);
    expect(await scanDetector(own)).toBe(own);
  });

  it('falls back to the library without one, or when the browser reads no EAN-13', async () => {
    expect(await scanDetector(null)).toBe(Library);
    expect(await scanDetector(native([]))).toBe(Library);
    expect(await scanDetector(native(['qr_code']))).toBe(Library);
  });
});
