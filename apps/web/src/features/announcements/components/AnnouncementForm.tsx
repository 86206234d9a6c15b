import { COUNTRIES } from '@duka/core';
import { Button, Group, Modal, MultiSelect, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useStrings } from '../../../i18n';
import type { Announcement, AnnouncementInput } from '../lib/api';
import { Markdown } from './Markdown';
import '../strings';
import { FormAlert } from '../../../ui/form';

type When = 'draft' | 'now' | 'later';

/** The other languages an announcement can be written in (issue 23), by their own names; English is the fallback. */
const OTHER_LANGUAGES = [
  { code: 'fr', name: 'Français' },
  { code: 'sw', name: 'Kiswahili' },
] as const;
type Texts = Record<'fr' | 'sw', { title: string; body: string }>;

/** datetime-local value (local time) ↔ ISO. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** Create or edit an announcement: title, markdown body (with a preview), link, image, countries, when. */
export function AnnouncementForm({
  editing,
  onSave,
  onClose,
}: {
  editing: Announcement | null;
  onSave: (input: AnnouncementInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useStrings('announcements');
  const initialWhen: When = !editing?.published_at ? (editing ? 'draft' : 'now') : new Date(editing.published_at) > new Date() ? 'later' : 'now';
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [link, setLink] = useState(editing?.link ?? '');
  const [image, setImage] = useState(editing?.image_url ?? '');
  const [texts, setTexts] = useState<Texts>(() => ({
    fr: { title: editing?.translations?.fr?.title ?? '', body: editing?.translations?.fr?.body ?? '' },
    sw: { title: editing?.translations?.sw?.title ?? '', body: editing?.translations?.sw?.body ?? '' },
  }));
  const setText = (code: 'fr' | 'sw', key: 'title' | 'body', value: string) => setTexts((prev) => ({ ...prev, [code]: { ...prev[code], [key]: value } }));
  const [countries, setCountries] = useState<string[]>(editing?.countries ?? []);
  const [when, setWhen] = useState<When>(initialWhen);
  const [at, setAt] = useState(() =>
    editing?.published_at && initialWhen === 'later' ? toLocalInput(editing.published_at) : toLocalInput(new Date(Date.now() + 86_400_000).toISOString()),
  );
  const [preview, setPreview] = useState(false);
  const { errors, busy, run } = useFormSubmit();

  const save = () =>
    run(async () => {
      const published_at =
        when === 'draft'
          ? null
          : when === 'now'
            ? editing?.published_at && new Date(editing.published_at) <= new Date()
              ? editing.published_at
              : new Date().toISOString()
            : new Date(at).toISOString();
      await onSave({ title, body, link: link.trim() || null, image_url: image.trim() || null, countries, published_at, translations: texts });
    });

  return (
    <Modal opened onClose={onClose} title={editing ? t('form.editTitle') : t('form.newTitle')} size="lg">
      <Stack gap="sm">
        <FormAlert message={errors.form} />
        <TextInput label={t('form.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} withAsterisk />
        <Textarea
          label={t('form.body')}
          description={t('form.bodyHint')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
          autosize
          minRows={5}
          withAsterisk
        />
        <Button variant="subtle" size="compact-sm" onClick={() => setPreview((p) => !p)} style={{ alignSelf: 'flex-start' }}>
          {t('form.preview')}
        </Button>
        {preview && (
          <Paper withBorder p="sm" data-testid="announcement-preview">
            <Markdown text={body} />
          </Paper>
        )}
        <Stack gap="xs" data-testid="announcement-languages">
          <div>
            <Text size="sm" fw={500}>
              {t('form.otherLanguages')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('form.otherLanguagesHint')}
            </Text>
          </div>
          {OTHER_LANGUAGES.map(({ code, name }) => (
            <Stack key={code} gap={4} lang={code}>
              <TextInput
                label={t('form.titleIn', { language: name })}
                value={texts[code].title}
                onChange={(e) => setText(code, 'title', e.currentTarget.value)}
                error={errors[`translations.${code}`] ?? errors[`translations.${code}.title`]}
              />
              <Textarea
                label={t('form.bodyIn', { language: name })}
                value={texts[code].body}
                onChange={(e) => setText(code, 'body', e.currentTarget.value)}
                error={errors[`translations.${code}.body`]}
                autosize
                minRows={2}
              />
            </Stack>
          ))}
        </Stack>
        <TextInput label={t('form.link')} placeholder="https://" value={link} onChange={(e) => setLink(e.currentTarget.value)} error={errors.link} />
        <TextInput label={t('form.image')} placeholder="https://" value={image} onChange={(e) => setImage(e.currentTarget.value)} error={errors.image_url} />
        <MultiSelect
          label={t('form.countries')}
          description={t('form.countriesHint')}
          data={COUNTRIES.map((c) => c.name)}
          value={countries}
          onChange={setCountries}
          searchable
          clearable
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="ann-when">
            {t('form.when')}
          </Text>
          <SegmentedControl
            aria-labelledby="ann-when"
            value={when}
            onChange={(v) => setWhen(v as When)}
            data={[
              { value: 'draft', label: t('form.whenDraft') },
              { value: 'now', label: t('form.whenNow') },
              { value: 'later', label: t('form.whenLater') },
            ]}
            fullWidth
          />
        </div>
        {when === 'later' && (
          <TextInput type="datetime-local" label={t('form.at')} value={at} onChange={(e) => setAt(e.currentTarget.value)} error={errors.published_at} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
