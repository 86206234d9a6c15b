import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { type Collection, deleteRecord } from '../../../data/db';
import { toast } from '../../../ui/toast';
import { ConfirmDialog } from './ConfirmDialog';

export interface RecordFormLabels {
  delete: string;
  cancel: string;
  save: string;
  deleteTitle: string;
  deleteText: string;
  deleted: string;
}

/**
 * The footer of a record's add/edit form: Delete (existing records, after a confirmation), Cancel and Save
 * (a submit button). Deleting writes to the device first and queues the deletion like every other change.
 */
export function RecordFormActions({
  collection,
  recordId,
  labels,
  onClose,
  onDeleted = onClose,
  saving,
}: {
  collection: Collection;
  recordId?: string;
  labels: RecordFormLabels;
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
            {labels.delete}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {labels.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {labels.save}
          </Button>
        </Group>
      </Group>
      {recordId && (
        <ConfirmDialog
          opened={deleting}
          title={labels.deleteTitle}
          text={labels.deleteText}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteRecord(collection, recordId);
            toast.success(labels.deleted);
            onDeleted();
          }}
        />
      )}
    </>
  );
}
