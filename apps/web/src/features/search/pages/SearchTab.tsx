import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SearchInput } from '../../../ui/ListControls';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRecords } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { countryNameOf } from '../../../ui/dial';
import { useStrings } from '../../../i18n';
import { useStatusLabel } from '../../invoices/statusLabel';
import { useSavedInvoices } from '../../invoices/lib/refusedChange';
import { PageHeader } from '../../../ui/PageHeader';
import { useExpenseCategory } from '../../../ui/expenseCategory';
import { buildIndex, searchIndex } from '../search';
import '../strings';
import '../../expenses/strings';
import { pendingLabelKey } from '../../expenses/lib/pending';

/** Results shown per group; the rest is counted (refine the search to see them). */
const PER_GROUP = 10;

/** /tabs/search: one box over every local record, results grouped by kind. */
export default function SearchTab() {
  const { t } = useStrings('search');
  const { t: te } = useStrings('expenses');
  const statusLabel = useStatusLabel();
  const category = useExpenseCategory();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const contacts = useRecords('contacts');
  const invoices = useSavedInvoices();
  const notes = useRecords('notes');
  const expenses = useRecords('expenses');
  const catalogs = useRecords('catalogs');
  // The business's country, for a client's phone with none of its own (as the client list writes it).
  const homeCountry = countryNameOf(useCurrentUser());
  const loaded = !!(contacts && invoices && notes && expenses && catalogs);
  const index = useMemo(
    () =>
      loaded
        ? buildIndex(
            { contacts, invoices, notes, expenses, catalogs },
            {
              statusLabel,
              categoryLabel: category.label,
              pendingLabel: (state) => te(pendingLabelKey(state)),
              homeCountry,
            },
          )
        : [],
    [loaded, contacts, invoices, notes, expenses, catalogs, statusLabel, category, te, homeCountry],
  );
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const q = useDeferredValue(query.trim());
  const results = useMemo(() => searchIndex(index, q, PER_GROUP), [index, q]);

  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="sm">
        <SearchInput size="md" label={t('label')} placeholder={t('placeholder')} value={query} onQuery={setQuery} data-autofocus autoFocus />
        {!loaded && (
          <Center py="lg">
            <Loader role="status" aria-label={t('loading')} />
          </Center>
        )}
        {loaded && !q && (
          <Text c="dimmed" size="sm">
            {t('hint')}
          </Text>
        )}
        {loaded && q && (
          <Text size="sm" c="dimmed" role="status" data-testid="search-count">
            {results.total ? t('results', { count: results.total }) : t('none', { q })}
          </Text>
        )}
        {results.groups.map((g) => (
          <Stack key={g.group} gap={6} component="section" aria-label={t(`group.${g.group}`)} data-testid={`search-group-${g.group}`}>
            <Title order={2} size="h5">
              {t(`group.${g.group}`)} ({g.total})
            </Title>
            {g.entries.map((e) => (
              <Paper key={e.id} withBorder p="xs" component="button" type="button" ta="left" style={{ cursor: 'pointer' }} onClick={() => navigate(e.href)}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.title}
                </Text>
                {e.subtitle && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.subtitle}
                  </Text>
                )}
              </Paper>
            ))}
            {g.total > g.entries.length && (
              <Text size="xs" c="dimmed">
                {t('more', { count: g.total - g.entries.length })}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </>
  );
}
