import { Box, Button, Group } from '@mantine/core';
import { useStrings } from '../../../i18n';
import '../strings';

/** The editor's sticky footer: Save draft and Finish (a draft) or Save, in reach on a phone. */
export function EditorFooter({ isDraft, saving, onSave }: { isDraft: boolean; saving: boolean; onSave: (finish: boolean) => void }) {
  const { t } = useStrings('invoices');
  return (
    <Box
      style={{
        position: 'sticky',
        bottom: 'var(--app-shell-footer-offset, 0px)',
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
        zIndex: 5,
      }}
      py="sm"
      data-testid="editor-footer"
    >
      <Group grow>
        {isDraft ? (
          <>
            <Button variant="default" onClick={() => onSave(false)} loading={saving}>
              {t('saveDraft')}
            </Button>
            <Button onClick={() => onSave(true)} loading={saving}>
              {t('finish')}
            </Button>
          </>
        ) : (
          <Button onClick={() => onSave(false)} loading={saving}>
            {t('save')}
          </Button>
        )}
      </Group>
    </Box>
  );
}
