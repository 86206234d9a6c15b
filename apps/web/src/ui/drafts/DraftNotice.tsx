import { formatDateTime, type Language } from '@duka/core';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useStrings } from '../../i18n';
import '../appStrings';
import type { DraftControl } from './useFormDraft';

/** When the draft was kept: SPEC's date with the time ("26 Nov 26, 19:36"), as every date in the app. */
const when = (iso: string, language: Language) => formatDateTime(iso, language);

/**
 * Says that what was typed is kept on this device (restored, or not saved yet) and offers "Discard draft",
 * which asks first. Nothing is shown while the form is as it opened.
 */
export function DraftNotice({ draft }: { draft: DraftControl }) {
  const { t } = useStrings('ui');
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  if (!draft.restoredAt && !draft.dirty) return null;
  return (
    <>
      <Alert color={draft.restoredAt ? 'blue' : 'gray'} variant="light" p="xs" data-testid="draft-notice" role="status">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 12rem', minWidth: 0 }}>
            {draft.restoredAt ? t('draft.restored', { when: when(draft.restoredAt, language) }) : t('draft.kept')}
          </Text>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {t('draft.discard')}
          </Button>
        </Group>
      </Alert>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('draft.confirmTitle')} centered>
        <Text mb="lg">{t('draft.confirmText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('draft.keep')}
          </Button>
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              setConfirming(false);
              draft.discard();
            }}
          >
            {t('draft.discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
