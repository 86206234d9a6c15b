import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useStrings } from '../../i18n';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (opts?: { formats?: string[] }) => Detector;

/** The browser's BarcodeDetector, where it has one (Chrome on Android does). */
function barcodeDetector(): DetectorClass | null {
  return ((globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null) as DetectorClass | null;
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
  const Det = barcodeDetector();
  const [failed, setFailed] = useState(!Det || !navigator.mediaDevices?.getUserMedia);
  useEffect(() => {
    if (!Det || failed) return;
    let stream: MediaStream | null = null;
    let live = true;
    const detector = new Det({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'] });
    const loop = async () => {
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
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void loop();
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [Det, failed, onCode]);
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
