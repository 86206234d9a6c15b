import { formatDate, noteFields } from '@duka/core';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { type FormEvent, useMemo, useState } from 'react';
import { db, deleteRecord, type Note, saveRecord } from '../../../data/db';
import { useLocal } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import '../strings';
import { ConfirmDialog } from '../../../ui/record/ConfirmDialog';
import { fieldErrors } from '../../../ui/record/forms';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';
import { SubmitButton } from '../../../ui/form';

/** Markdown → safe HTML (links open outside the app). */
export function renderMarkdown(body: string): string {
  const html = marked.parse(body, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html);
}

function NoteEditor({ contactId, note, onDone }: { contactId: string; note?: Note; onDone: () => void }) {
  const { t } = useStrings('clients');
  const [body, setBody] = useState(note?.body ?? '');
  const [pinned, setPinned] = useState(note?.pinned ?? false);
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = fieldErrors(noteFields, { contact_id: contactId, body, pinned });
    if (errs.body) return setError(errs.body === 'Write something in the note' ? t('notes.required') : errs.body);
    await saveRecord('notes', { id: note?.id ?? crypto.randomUUID(), contact_id: contactId, body, pinned });
    toast.success(t('notes.saved'));
    onDone();
  }
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('notes.body')}
          description={t('notes.bodyHint')}
          autosize
          minRows={3}
          maxRows={12}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setError('');
          }}
          error={error}
          data-autofocus
          autoFocus
        />
        <Checkbox label={t('notes.pinned')} checked={pinned} onChange={(e) => setPinned(e.currentTarget.checked)} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('notes.cancel')}
          </Button>
          <SubmitButton>{t('notes.save')}</SubmitButton>
        </Group>
      </Stack>
    </Paper>
  );
}

function NoteView({ note, onEdit, onDelete }: { note: Note; onEdit: () => void; onDelete: () => void }) {
  const { t } = useStrings('clients');
  const html = useMemo(() => renderMarkdown(note.body), [note.body]);
  return (
    <Paper withBorder p="sm" data-testid="note">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Typography style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('notes.edit')} onClick={onEdit}>
            <span aria-hidden="true">✎</span>
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('notes.delete')} onClick={onDelete}>
            <span aria-hidden="true">🗑</span>
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="xs" mt={4}>
        {note.pinned && (
          <Badge size="xs" variant="light">
            {t('notes.pinnedBadge')}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {t('notes.updated', { date: formatDate(note.updated_at) })}
        </Text>
      </Group>
      <ConflictNotice collection="notes" record={note} />
    </Paper>
  );
}

/** The notes of one client: pinned first, then newest; add, edit and delete (with confirmation). */
export function Notes({ contactId }: { contactId: string }) {
  const { t } = useStrings('clients');
  const notes = useLocal(() => db.notes.where('contact_id').equals(contactId).toArray(), [contactId]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const sorted = useMemo(() => [...(notes ?? [])].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updated_at.localeCompare(a.updated_at)), [notes]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="notes-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="notes-title">
          {t('notes.title')}
        </Title>
        {editing !== 'new' && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('notes.add')}
          </Button>
        )}
      </Group>
      {editing === 'new' && <NoteEditor contactId={contactId} onDone={() => setEditing(null)} />}
      {notes && !sorted.length && editing !== 'new' && (
        <Text c="dimmed" size="sm">
          {t('notes.empty')}
        </Text>
      )}
      {sorted.map((n) =>
        editing === n.id ? (
          <NoteEditor key={n.id} contactId={contactId} note={n} onDone={() => setEditing(null)} />
        ) : (
          <NoteView key={n.id} note={n} onEdit={() => setEditing(n.id)} onDelete={() => setDeleting(n)} />
        ),
      )}
      <ConfirmDialog
        opened={!!deleting}
        title={t('notes.deleteTitle')}
        text={t('notes.deleteText')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteRecord('notes', deleting.id);
          setDeleting(null);
          toast.success(t('notes.deleted'));
        }}
      />
    </Stack>
  );
}
