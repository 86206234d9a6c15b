import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { type Collection, deleteRecord } from '../../data/db';
import { toast } from '../toast';
import { ConfirmDialog } from './ConfirmDialog';
import { SubmitButton } from '../form';

/** The feature's strings: form.delete, form.cancel, form.save, form.deleteTitle and form.deleted. */
type FormStrings = (key: 'form.delete' | 'form.cancel' | 'form.save' | 'form.deleteTitle' | 'form.deleted') => string;

/**
 * The footer of a record's add/edit form: Delete (existing records, after a confirmation), Cancel and Save
 * (a submit button). Deleting writes to the device first and queues the deletion like every other change.
 */
export function RecordFormActions({
  collection,
  recordId,
  t,
  deleteText,
  onClose,
  onDeleted = onClose,
  saving,
}: {
  collection: Collection;
  recordId?: string;
  t: FormStrings;
  /** The confirmation's question, naming the record. */
  deleteText: string;
  /** Cancel. */
  onClose: () => void;
  /** After the record was deleted (default: onClose). */
  onDeleted?: () => void;
  saving?: boolean;
}) {
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Group justify="space-between" mt="sm">
        {recordId ? (
          <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t('form.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <SubmitButton pending={saving}>{t('form.save')}</SubmitButton>
        </Group>
      </Group>
      {recordId && (
        <ConfirmDialog
          opened={deleting}
          title={t('form.deleteTitle')}
          text={deleteText}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteRecord(collection, recordId);
            toast.success(t('form.deleted'));
            onDeleted();
          }}
        />
      )}
    </>
  );
}
