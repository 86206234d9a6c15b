import type { Language } from '@duka/core';
import { Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { AddButton, SearchInput } from '../../../ui/ListControls';
import { type ComponentType, lazy, memo, type ReactNode, startTransition, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Contact } from '../../../data/db';
import { syncEngine } from '../../../data/sync/engine';
import { usePendingIds, useRecords, useSyncSelect } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { withoutWalkIn } from '../../../data/walkIn';
import { useLanguage, useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { LIST_CSV } from '../../../ui/csv/lists';
import { PageHeader } from '../../../ui/PageHeader';
import { fetchAhead } from '../../../boot/ahead';
import { prefetchWhenIdle } from '../../../boot/prefetch';
import { loadFullStyles } from '../../../boot/styles';
import { whenLinkSettled } from '../../../data/sync/linkSettled';
import { PAGES, pagePaths } from '../../../paths';
import '../strings';
import classes from './ClientRows.module.css';
import { visibleRows } from '../visibleRows';

const PAGE = 50;
/** One collator for the whole sort (localeCompare sets one up per call: a thousand clients, a visible stall). */
const byName = new Intl.Collator();

// Not on the way to the first screen (issue 30): the CSV menu loads once the list is drawn, the client form when opened
// (or ahead with the client page, below: a new phone offline before the service worker has cached anything must still
// be able to add a client). Both use Mantine's CSS beyond the list's, so they wait for the rest of it.
const withFullStyles = <T,>(load: Promise<T>) => Promise.all([load, loadFullStyles()]).then(([m]) => m);
// Offline before it was ever fetched, the CSV menu is left out rather than breaking the list (it needs the network anyway).
type CsvMenuProps = Parameters<(typeof import('../../../ui/csv/CsvMenu'))['CsvMenu']>[0];
const NoCsvMenu: ComponentType<CsvMenuProps> = () => null;
// Its button draws with the list's CSS; its dropdown needs the rest of Mantine's, which is applied when a finger or the
// keyboard reaches the button (fetched ahead by then, boot/ahead.ts), not to the whole list at once (issue 30).
const CsvMenu = lazy<ComponentType<CsvMenuProps>>(() =>
  import('../../../ui/csv/CsvMenu').then(
    (m) => ({ default: m.CsvMenu }),
    () => ({ default: NoCsvMenu }),
  ),
);
const fullStylesSoon = () => void loadFullStyles().catch(() => undefined);
const ContactForm = lazy(() => withFullStyles(import('../components/ContactForm')).then((m) => ({ default: m.ContactForm })));

/**
 * Fetches the client page's code ahead, without running it (boot/ahead.ts; where the form goes after Save), so a new phone that loses signal right after
 * opening the app can add a client and see it before the service worker has cached anything. Only when the link is
 * idle and fast, as the invoices tab warms its editor. Sets window.__dukaClientsWarm when done (e2e waits for it).
 */
function warmOfflineCode(): () => void {
  return prefetchWhenIdle(
    () =>
      void fetchAhead(() =>
        Promise.all([
          import('./ContactPage'),
          import('../components/ContactForm'),
          import('../../../data/phone'),
          import('../../../ui/csv/CsvMenu'),
          loadFullStyles(),
        ]),
      ).then(
        () => ((window as unknown as { __dukaClientsWarm?: boolean }).__dukaClientsWarm = true),
        () => undefined,
      ),
  );
}

/**
 * What a search looks through; the country by its English name and, once the country list is in (`names`), by its
 * name in the screen's language. The phone by its digits (no formatting: formatting a thousand numbers takes a
 * phone's main thread half a second, issue 30).
 */
function haystack(c: Contact, language: Language, names: Later | null): string {
  const country = language === 'en' || !names ? '' : names.countryDisplayName(c.country, language);
  return [c.name, c.email, c.phone, c.phone?.replace(/\D/g, ''), c.city, c.country, country, c.tax_id].filter(Boolean).join(' ').toLowerCase();
}

/** A phone as typed in the country's own way ("0803 123 0801") is found by its digits after the trunk 0 ("8031230801"). */
function searchTerms(q: string): string[] {
  const digits = q.replace(/[\s().-]/g, '');
  return /^\+?\d{3,}$/.test(digits) ? [q, digits.replace(/^\+/, '').replace(/^0/, '')] : [q];
}

type Later = typeof import('../listLater');
type FormatPhone = Later['formatPhone'];
/**
 * The phone rules and the country list (listLater.ts) are not on the way to the first screen: until they are in, a
 * phone shows as stored (E.164) and a search finds a country by its English name.
 */
let later: Later | null = null;
function useListLater(ready: boolean): Later | null {
  const [loaded, setLoaded] = useState(() => later);
  useEffect(() => {
    if (loaded || !ready) return;
    let live = true;
    const cancel = whenLinkSettled(
      () =>
        void import('../listLater').then(
          (m) => {
            later = m;
            // In a transition: the rows' phones are formatted row by row, yielding to the browser (no long task).
            if (live) startTransition(() => setLoaded(m));
          },
          () => undefined, // offline before it was ever loaded: the phones stay as stored
        ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [loaded, ready]);
  return loaded;
}

/**
 * True once the list is drawn (or known empty) and the first sync is off the link and settled (at once on any later
 * open): what the list can do without (the phone rules, the CSV menu and the rest of Mantine's CSS) waits until then
 * (issue 30).
 */
function useListSettled(shown: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!shown || settled) return;
    return whenLinkSettled(() => setSettled(true));
  }, [shown, settled]);
  return settled;
}

/**
 * How many rows to draw: at first only those the screen shows (as index.html's early rows), the rest of the page in a
 * transition right after the list's first commit. The first commit of the app (the frame and the list) is one task
 * React cannot split; thirty-odd rows below the fold made it longer (issue 30, Lighthouse's blocking time).
 */
function useRowsNow(drawn: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!drawn || all) return;
    const id = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(id);
  }, [drawn, all]);
  return all ? Infinity : visibleRows(typeof window === 'undefined' ? undefined : window.innerHeight);
}

/** Formatted phones, kept across renders: the list formats only the rows it shows, each number once. */
const phones = new Map<string, string>();
function phoneOf(c: Contact, home: string | undefined, format: FormatPhone | null): string {
  if (!format) return c.phone;
  const key = `${c.phone}|${c.country}|${home}`;
  let v = phones.get(key);
  if (v === undefined) phones.set(key, (v = format(c.phone, c.country, home)));
  return v;
}

interface RowsProps {
  label: string;
  shown: { c: Contact }[];
  pending: Set<string> | undefined;
  home: string | undefined;
  format: FormatPhone | null;
  waiting: string;
  onOpen: (c: Contact) => void;
}

/**
 * One row, a component of its own: when the phone rules come in (listLater.ts), the rows are drawn again in a
 * transition, and React yields to the browser between rows instead of formatting fifty phones in one long task.
 */
function ClientRow({
  c,
  waiting,
  home,
  format,
  onOpen,
}: {
  c: Contact;
  waiting: string | null;
  home: string | undefined;
  format: FormatPhone | null;
  onOpen: (c: Contact) => void;
}) {
  return (
    <li>
      <button type="button" className={classes.row} onClick={() => onOpen(c)}>
        <span className={classes.text}>
          <span className={classes.name}>{c.name}</span>
          <span className={classes.line}>{[c.email, phoneOf(c, home, format), c.city].filter(Boolean).join(' · ') || ' '}</span>
        </span>
        {waiting && (
          <Badge variant="light" color="yellow" size="sm" style={{ flexShrink: 0 }}>
            {waiting}
          </Badge>
        )}
      </button>
    </li>
  );
}

/**
 * The rows shown, drawn again only when they change: not on each step of the first sync's progress nor on a
 * keystroke the search has not caught up with. Plain markup styled as Mantine's cards (ClientRows.module.css): fifty
 * Mantine cards were a long task on a slow phone (issue 30).
 */
const ClientRows = memo(
  function ClientRows({ label, shown, pending, home, format, waiting, onOpen }: RowsProps) {
    return (
      <ul className={classes.rows} aria-label={label}>
        {shown.map(({ c }) => (
          <ClientRow key={c.id} c={c} waiting={pending?.has(c.id) ? waiting : null} home={home} format={format} onOpen={onOpen} />
        ))}
      </ul>
    );
  },
  // The same rows (by record, not by array), the same marks and formats; the click handler is read when clicked.
  (a, b) =>
    a.label === b.label &&
    a.pending === b.pending &&
    a.home === b.home &&
    a.format === b.format &&
    a.waiting === b.waiting &&
    a.shown.length === b.shown.length &&
    a.shown.every((x, i) => x.c === b.shown[i].c),
);

/** Keeps the place of what is not there yet, unseen and out of reach. */
function Reserve({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" style={{ visibility: 'hidden', display: 'inline-flex' }}>
      {children}
    </span>
  );
}

/** /tabs/home: the clients on this device, searchable, with add. */
export default function ClientsTab() {
  const { t } = useStrings('clients');
  const language = useLanguage();
  const navigate = useNavigate();
  // Once clients are on screen, later changes are drawn in a transition (React yields to the browser every few
  // milliseconds): a thousand clients arriving with the first sync are sorted and drawn without one long task that
  // would stall typing (issue 30, Lighthouse's blocking time). The first ones are drawn at once.
  const records = useRecords('contacts');
  const live = useMemo(() => records && withoutWalkIn(records), [records]);
  const deferred = useDeferredValue(live);
  const contacts = deferred?.length ? deferred : live;
  const pending = useDeferredValue(usePendingIds('contacts'));
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const [limit, setLimit] = useState(PAGE);
  const [adding, setAdding] = useState(false);
  const user = useCurrentUser();
  // Archived clients (issue 14) are hidden from the list and pickers; this switch shows them to unarchive.
  const [showArchived, setShowArchived] = useState(false);
  const archivedCount = useMemo(() => (contacts ?? []).filter((c) => c.archived).length, [contacts]);
  // A new phone's first sync: the first clients come ahead of the rest, which waits until they are drawn (issue 30);
  // until the first sync has run, no clients means not here yet rather than none.
  // Read as two flags: the list draws again when they change, not on every step of the first sync's progress. Until a
  // sync has ended (or failed, or the device is offline) no clients is not yet known: the spinner stays, with no flash
  // of the empty list between the device's data and the sync's start.
  const unknown = useSyncSelect((s) => s.lastSyncedAt === null && s.online && !s.error && !s.loggedOut);
  const knownEmpty = useSyncSelect((s) => !s.syncing && (s.lastSyncedAt !== null || !s.online));
  const arriving = !!contacts && !contacts.length && unknown;
  const drawn = !!contacts?.length;
  // An account with no clients: once a sync has said so (or offline), the CSV menu is what the owner may want.
  const none = !!contacts && !contacts.length && knownEmpty;
  const settled = useListSettled(drawn || none);
  const rowsNow = useRowsNow(drawn);
  const extras = useListLater(settled);
  const format = extras?.formatPhone ?? null;
  const home = extras?.countryNameOf(user);
  useEffect(() => warmOfflineCode(), []);
  useEffect(() => {
    if (!drawn) return;
    syncEngine.firstScreenDrawn();
  }, [drawn]);

  // Country names in the screen's language, for the search (English needs none: the list is not worked out again).
  const names = language === 'en' ? null : extras;
  const sorted = useMemo(
    () =>
      (contacts ?? [])
        .filter((c) => !!c.archived === showArchived)
        .sort((a, b) => byName.compare(a.name, b.name))
        .map((c) => ({ c })),
    [contacts, showArchived],
  );
  // What a search looks through, worked out when a search starts (kept for its next keystrokes), not each time the
  // list changes: the first sync's thousand clients are sorted and drawn without it (issue 30).
  const searching = !!q;
  const texts = useMemo(() => (searching ? sorted.map((x) => haystack(x.c, language, names)) : null), [searching, sorted, language, names]);
  const matches = useMemo(() => {
    if (!q || !texts) return sorted;
    const terms = searchTerms(q);
    return sorted.filter((_, i) => terms.some((term) => texts[i].includes(term)));
  }, [sorted, texts, q]);

  const addButton = <AddButton onClick={() => setAdding(true)}>{t('add')}</AddButton>;

  let body;
  if (!contacts || arriving) {
    body = (
      // Busy: the first rows drawn ahead by index.html's early script stay until the list is here (app/firstRows.ts).
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  } else if (!sorted.length && showArchived) {
    body = <EmptyState title={t('archivedEmpty')} />;
  } else if (!sorted.length) {
    body = (
      <EmptyState title={t('emptyTitle')} action={addButton}>
        {t('emptyBody')}
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="xs">
        <SearchInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={query}
          onQuery={(q) => {
            setQuery(q);
            setLimit(PAGE);
          }}
        />
        <Text size="sm" c="dimmed" role="status">
          {q && !matches.length ? t('noMatch', { q: query.trim() }) : t('count', { count: matches.length })}
        </Text>
        <ClientRows
          label={t('title')}
          shown={matches.slice(0, Math.min(limit, rowsNow))}
          pending={pending}
          home={home}
          format={format}
          waiting={t('waiting')}
          onOpen={(c) => navigate(pagePaths.contact(c.permalink))}
        />
        {matches.length > limit && (
          <Button variant="subtle" onClick={() => setLimit((l) => l + PAGE * 4)}>
            {t('showMore')} · {t('showing', { shown: limit, total: matches.length })}
          </Button>
        )}
      </Stack>
    );
  }

  // Until the list is there, the header keeps the place of its CSV menu and Add button (hidden): they do not push the
  // Sell button aside when they come (a layout shift, issue 30).
  const loading = !contacts || arriving;
  const csvPlace = (
    <Reserve>
      <Button variant="default" size="sm" tabIndex={-1}>
        CSV
      </Button>
    </Reserve>
  );

  const archivedSwitch = (archivedCount > 0 || showArchived) && (
    <Group justify="flex-end">
      <Button variant="subtle" size="xs" aria-pressed={showArchived} onClick={() => setShowArchived((v) => !v)} data-testid="toggle-archived">
        {showArchived ? t('showActive') : t('showArchived', { count: archivedCount })}
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={showArchived ? t('archivedTitle') : t('title')}
        right={
          <>
            {/* The counter (issue 28): a quick sale from the home screen. */}
            <Button component={Link} to={PAGES.sell} color="green" data-testid="sell">
              {t('sell')}
            </Button>
            {settled ? (
              <Suspense fallback={csvPlace}>
                <span className={classes.contents} onPointerDownCapture={fullStylesSoon} onFocusCapture={fullStylesSoon}>
                  <CsvMenu what={t('title')} {...LIST_CSV.clients} />
                </span>
              </Suspense>
            ) : (
              csvPlace
            )}
            {contacts && sorted.length && !showArchived ? addButton : loading ? <Reserve>{addButton}</Reserve> : null}
          </>
        }
      />
      {archivedSwitch}
      {body}
      {adding && (
        <Suspense fallback={null}>
          <ContactForm opened={adding} onClose={() => setAdding(false)} onSaved={(c) => navigate(pagePaths.contact(c.permalink))} />
        </Suspense>
      )}
    </>
  );
}
