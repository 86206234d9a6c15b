import { Button, Modal, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { dismissBanner, ensureBannerRecord, shouldShowBanner } from '../banner';
import '../strings';
import { FullscreenVideo } from './FullscreenVideo';

export const INTRO_VIDEO = '/videos/intro.webm';
export const BANNER_IMAGE = '/videos/banner.png';

/** SPEC modal 4: a banner image; clicking it plays the intro video fullscreen. Shown until dismissed or expired. */
export function BannerPopup({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useStrings('ai');
  const [open, setOpen] = useState(() => shouldShowBanner(ensureBannerRecord(now()), now()));
  const [playing, setPlaying] = useState(false);
  const dismiss = () => {
    dismissBanner(now());
    setOpen(false);
  };
  return (
    <>
      <Modal opened={open && !playing} onClose={dismiss} title={t('bannerTitle')} centered size="md">
        <Stack gap="sm">
          <UnstyledButton onClick={() => setPlaying(true)} aria-label={t('watchIntro')} style={{ borderRadius: 8, overflow: 'hidden' }}>
            <img src={BANNER_IMAGE} alt={t('bannerAlt')} width={640} height={360} style={{ width: '100%', height: 'auto', display: 'block' }} />
          </UnstyledButton>
          <Button variant="subtle" onClick={dismiss}>
            {t('dismiss')}
          </Button>
        </Stack>
      </Modal>
      {playing && (
        <FullscreenVideo
          src={INTRO_VIDEO}
          title={t('bannerTitle')}
          onClose={() => {
            setPlaying(false);
            dismiss();
          }}
        />
      )}
    </>
  );
}
