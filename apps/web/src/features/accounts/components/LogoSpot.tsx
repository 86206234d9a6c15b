import { Box, Loader, UnstyledButton } from '@mantine/core';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { setCurrentUser, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { uploadLogo } from '../api';
import '../strings';
import { CompanyInitials } from '../../../ui/CompanyInitials';
import classes from './LogoSpot.module.css';

export const LOGO_TYPES = 'image/png,image/jpeg,image/webp';

/** Uploads a logo for the signed-in user: toast 'Logo updated!' or the server's message (SPEC §8). Returns whether it worked. */
export async function sendLogo(username: string, file: File, t: (k: string) => string): Promise<boolean> {
  try {
    const user = await uploadLogo(username, file);
    setCurrentUser(user);
    toast.success(t('logo.updated'));
    return true;
  } catch (err) {
    toast.error(err, t('logo.failed'));
    return false;
  }
}

/** SPEC §2/§4 'ADD LOGO': choosing an image shows it at once and uploads it with the username. */
export function LogoSpot({ size = 120 }: { size?: number }) {
  const { t } = useStrings('accounts');
  const user = useCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file || !user) return;
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    // On success the stored user's logoUrl takes over; on failure the old logo comes back.
    await sendLogo(user.username, file, t);
    setBusy(false);
    setPreview(null);
  }

  const src = preview ?? user?.logoUrl ?? null;
  const label = src ? t('logo.change') : t('logo.add');
  return (
    <Box className={classes.wrap} style={{ width: size, height: size }}>
      <UnstyledButton
        className={classes.spot}
        data-filled={src ? true : undefined}
        onClick={() => input.current?.click()}
        aria-label={label}
        aria-busy={busy}
        title={t('logo.hint')}
      >
        {src ? (
          <img src={src} alt={t('logo.alt', { company: user?.company_name ?? '' })} className={classes.img} />
        ) : (
          <span className={classes.empty}>
            <CompanyInitials name={user?.company_name} size={Math.round(size * 0.42)} decorative />
            <span className={classes.add}>{t('logo.add')}</span>
          </span>
        )}
        {busy && (
          <span className={classes.busy} role="status" aria-label={t('logo.uploading')}>
            <Loader size="sm" color="white" />
          </span>
        )}
      </UnstyledButton>
      <input id={inputId} ref={input} type="file" accept={LOGO_TYPES} hidden onChange={onChange} aria-label={t('logo.input')} data-testid="logo-input" />
    </Box>
  );
}
