import { Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useStrings } from '../../../i18n';
import { errorMessage } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import { aiKeys, markFavorite, type ShownContent } from '../api';
import '../strings';
import classes from './ResultModal.module.css';
import { pageTitleIn } from '../pageTitle';

/** Plain text in the same editable area, used when the markdown chunk cannot load (offline, new deploy). */
function PlainEditable({ content, label, onElement }: { content: string; label: string; onElement: (el: HTMLDivElement | null) => void }) {
  return (
    <div
      ref={onElement}
      className={classes.area}
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={label}
      tabIndex={0}
      style={{ whiteSpace: 'pre-wrap' }}
    >
      {content}
    </div>
  );
}

const MarkdownEditable = lazy(() =>
  import('./MarkdownEditable').catch((e: unknown) => {
    console.error('the markdown renderer did not load; showing plain text', e);
    return { default: PlainEditable };
  }),
);

/** The text to copy: what the editable area shows (with the user's edits), else the content; trimmed. */
export function textToCopy(el: HTMLElement | null, content: string): string {
  const shown = el ? (el.innerText ?? el.textContent ?? '') : '';
  return (shown.trim() ? shown : content).trim();
}

/**
 * SPEC modal 3: the title and the content as markdown in an editable area. Save (disabled for
 * samples) marks the content as a favourite; Copy puts the trimmed text on the clipboard.
 */
export function ResultModal({ shown, onClose }: { shown: ShownContent | null; onClose: () => void }) {
  const { t } = useStrings('ai');
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const area = useRef<HTMLDivElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const onElement = useCallback((el: HTMLDivElement | null) => {
    area.current = el;
  }, []);

  const saved = Boolean(shown && (shown.favorite || (shown.id && savedId === shown.id)));
  const canSave = Boolean(shown && !shown.sample && shown.id && !saved);

  const save = async () => {
    if (!shown?.id) return;
    setSaving(true);
    try {
      await markFavorite(shown.id, true);
      setSavedId(shown.id);
      toast.success(t('markedFavorite'));
      void queryClient.invalidateQueries({ queryKey: aiKeys.favorites });
      void queryClient.invalidateQueries({ queryKey: aiKeys.history });
    } catch (e) {
      console.error('marking as favourite failed', e);
      toast.danger(t('saveFailed', { message: errorMessage(e) }), 'actionFailed');
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(textToCopy(area.current, shown.content));
      toast.success(t('copied', { title: shown.title }));
    } catch (e) {
      console.error('copy failed', e);
      toast.danger(t('copyFailed'), 'actionFailed');
    }
  };

  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={
        <Stack gap={4}>
          <Text fw={700} size="lg" component="span" lh={1.3}>
            {shown?.title}
          </Text>
          <Group gap={6}>
            {shown?.page_title && shown.page_title !== shown.title && (
              <Badge variant="outline" color="gray" data-testid="result-type">
                {pageTitleIn(t, shown.page_title)}
              </Badge>
            )}
            {shown?.sample && <Badge variant="light">{t('sample')}</Badge>}
          </Group>
        </Stack>
      }
      size="lg"
      fullScreen={Boolean(phone)}
      centered
      data-testid="result-modal"
    >
      {shown && (
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {shown.sample ? t('sampleNote') : t('editableHint')}
          </Text>
          {shown.source === 'builtin' && (
            <Text size="xs" c="dimmed" data-testid="builtin-note">
              {t('builtinNote')}
            </Text>
          )}
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('loading')} />}>
            <MarkdownEditable content={shown.content} label={shown.title} onElement={onElement} />
          </Suspense>
          <Group justify="flex-end" gap="sm" className={classes.footer}>
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button variant="light" onClick={() => void copy()}>
              {t('copy')}
            </Button>
            <Button onClick={() => void save()} disabled={!canSave} loading={saving}>
              {saved ? t('saved') : t('save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
