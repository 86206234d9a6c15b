import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useStrings } from '../../i18n';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = (new (opts?: { formats?: string[] }) => Detector) & { getSupportedFormats?: () => Promise<readonly string[]> };

/** The codes a shop scans: EAN/UPC on goods, Code 128/39 on labels, QR. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'];

/** The browser's BarcodeDetector, where it has one (Chrome on Android and macOS do). */
function nativeDetector(): DetectorClass | null {
  return ((globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null) as DetectorClass | null;
}

/**
 * The detector to use: the browser's own when it reads shop barcodes (EAN-13), otherwise the same API from the
 * `barcode-detector` library (ZXing C++ compiled to WebAssembly). The library and its .wasm (about 460 KB
 * gzipped) are fetched only here, when the camera scan is opened on such a browser, and the .wasm is served
 * from the app itself (never a CDN), so it is cached for offline use after the first scan.
 */
export async function scanDetector(native: DetectorClass | null = nativeDetector()): Promise<DetectorClass> {
  if (native) {
    const formats = await native.getSupportedFormats?.().catch(() => [] as readonly string[]);
    if (!formats || formats.includes('ean_13')) return native;
  }
  const [lib, wasm] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  lib.prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm.default : prefix + path) } });
  return lib.BarcodeDetector as unknown as DetectorClass;
}

/** Scan: the camera and BarcodeDetector; the first code read is handed over. Without either, a hint to type the code. */
export function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useStrings('sell');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {t('scan')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('scanTitle')} centered>
        {open && (
          <Camera
            onCode={(c) => {
              setOpen(false);
              onCode(c);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function Camera({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useStrings('sell');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(!navigator.mediaDevices?.getUserMedia);
  useEffect(() => {
    if (failed) return;
    let stream: MediaStream | null = null;
    let live = true;
    const loop = async (detector: Detector) => {
      while (live && video.current) {
        try {
          const [hit] = await detector.detect(video.current);
          if (hit?.rawValue && live) {
            live = false;
            onCode(hit.rawValue);
            return;
          }
        } catch {
          // a frame not ready yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    // The camera and the detector (perhaps the library, fetched now) start together.
    const stop = () => stream?.getTracks().forEach((tr) => tr.stop());
    const camera = navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((s) => {
      stream = s;
      if (!live) stop();
      return s;
    });
    Promise.all([camera, scanDetector()])
      .then(async ([s, Det]) => {
        if (!live || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void loop(new Det({ formats: SCAN_FORMATS }));
      })
      .catch(() => {
        stop();
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [failed, onCode]);
  if (failed) return <Text>{t('noCamera')}</Text>;
  return (
    <Stack gap="xs">
      <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
      <Text size="sm" c="dimmed">
        {t('scanHint')}
      </Text>
    </Stack>
  );
}
