import { CloseButton, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStrings } from '../../../i18n';
import '../strings';

/**
 * Plays a video fullscreen (Watch Tutorial, the banner's intro video). Leaving fullscreen, the close
 * button, Escape or the end of the video hides it. Where fullscreen is refused the video stays in a
 * full-window overlay with the same ways out.
 */
export function FullscreenVideo({ src, title, onClose }: { src: string; title: string; onClose: () => void }) {
  const { t } = useStrings('ai');
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement === el) entered = true;
      else if (entered) closeRef.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    if (typeof el.requestFullscreen === 'function') {
      el.requestFullscreen().catch(() => {
        // fullscreen refused (no user gesture, iframe, old browser): the overlay already fills the window
      });
    }
    const playing = video.current?.play() as Promise<void> | undefined;
    playing?.catch(() => {
      // autoplay refused: the controls let the user start it
    });
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
      if (document.fullscreenElement === el) void document.exitFullscreen().catch(() => {});
    };
  }, []);

  const end = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => closeRef.current());
    else closeRef.current();
  };

  // A direct portal (not Mantine's, which mounts a tick later) so the box exists when the effect asks for fullscreen.
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-label={t('videoOf', { title })}
      data-testid="fullscreen-video"
      style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#000', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CloseButton aria-label={t('closeVideo')} size="xl" variant="filled" onClick={end} style={{ position: 'absolute', top: 12, right: 12, zIndex: 1 }} />
      {failed ? (
        <Text c="white">{t('videoMissing')}</Text>
      ) : (
        <video ref={video} src={src} controls playsInline muted onEnded={end} onError={() => setFailed(true)} style={{ maxWidth: '100%', maxHeight: '100%' }}>
          <track kind="captions" />
        </video>
      )}
    </div>,
    document.body,
  );
}
