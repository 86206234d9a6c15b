import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Contact } from '../../../data/db';
import { usePendingIds, useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { ContactForm } from '../components/ContactForm';
import '../strings';

const PAGE = 50;

function haystack(c: Contact): string {
  return [c.name, c.email, c.phone, c.city, c.country, c.tax_id].filter(Boolean).join(' ').toLowerCase();
}

/** /tabs/home: the clients on this device, searchable, with add. */
export default function ClientsTab() {
  const { t } = useStrings('clients');
  const navigate = useNavigate();
  const contacts = useRecords('contacts');
  const pending = usePendingIds('contacts');
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const [limit, setLimit] = useState(PAGE);
  const [adding, setAdding] = useState(false);

  const sorted = useMemo(
    () => (contacts ?? []).filter((c) => !c.archived).map((c) => ({ c, text: haystack(c) })).sort((a, b) => a.c.name.localeCompare(b.c.name)),
    [contacts],
  );
  const matches = useMemo(() => (q ? sorted.filter((x) => x.text.includes(q)) : sorted), [sorted, q]);

  const addButton = (
    <Button onClick={() => setAdding(true)} leftSection={<span aria-hidden="true">+</span>}>
      {t('add')}
    </Button>
  );

  let body;
  if (!contacts) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  } else if (!sorted.length) {
    body = (
      <EmptyState title={t('emptyTitle')} action={addButton}>
        {t('emptyBody')}
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="xs">
        <TextInput
          type="search"
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setLimit(PAGE);
          }}
          leftSection={<span aria-hidden="true">⌕</span>}
        />
        <Text size="sm" c="dimmed" role="status">
          {q && !matches.length ? t('noMatch', { q: query.trim() }) : t('count', { count: matches.length })}
        </Text>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('title')}>
          {matches.slice(0, limit).map(({ c }) => (
            <li key={c.id}>
              <Paper withBorder radius="md" component="button" type="button" w="100%" style={{ cursor: "pointer" }} p="sm" ta="left" onClick={() => navigate(`/contacts/${encodeURIComponent(c.permalink)}`)}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[c.email, c.phone, c.city].filter(Boolean).join(' · ') || ' '}
                    </Text>
                  </div>
                  {pending?.has(c.id) && (
                    <Badge variant="light" color="yellow" size="sm" style={{ flexShrink: 0 }}>
                      {t('waiting')}
                    </Badge>
                  )}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
        {matches.length > limit && (
          <Button variant="subtle" onClick={() => setLimit((l) => l + PAGE * 4)}>
            {t('showMore')} · {t('showing', { shown: limit, total: matches.length })}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} right={contacts && sorted.length ? addButton : undefined} />
      {body}
      <ContactForm opened={adding} onClose={() => setAdding(false)} onSaved={(c) => navigate(`/contacts/${encodeURIComponent(c.permalink)}`)} />
    </>
  );
}
