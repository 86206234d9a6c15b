/**
 * The client list's first rows drawn by index.html's early script on a new phone (issue 30: Lighthouse's LCP of the
 * list). The early script asks for the signed-in owner's first clients (data/sync/firstPageEarly.ts) and whether the
 * server takes test payments (shell/testModeAhead.ts); once both are in, the page under the frame (app/frameSkeleton.ts)
 * is drawn from them with inline styles, where the app draws it: the banner, the title, the search box, the count and
 * the rows, seconds before the app's code has arrived and run. The app keeps that drawing until its own list is
 * there (boot/firstPaint.ts; ClientsTab's loader is busy), then it goes in the same frame. Only the answers of this
 * visit, asked with this owner's token: nothing is kept from an earlier one. In the language the app opens in (the one
 * chosen at log in, i18n/starting.ts): English, French or Swahili, only the few strings it prints (the list head's, in
 * features/clients/listStrings*.ts, and the TEST MODE banner's). No dependencies beyond the strings: the early script
 * stays a few KB.
 */
import { CLIENT_LIST_STRINGS } from '../features/clients/listStrings';
import { visibleRows } from '../features/clients/visibleRows';
import { CLIENT_LIST_STRINGS_FR, CLIENT_LIST_STRINGS_SW } from '../features/clients/listStringsTranslated';
import { USER_KEY } from '../data/token';
import { walkInIdOf } from '../data/walkInId';
import { startingLanguage } from '../i18n/starting';
import { TEST_MODE_STRINGS } from './shell/testModeStrings';
import testModeFr from './shell/testModeStrings.fr';
import testModeSw from './shell/testModeStrings.sw';

/** The words the drawing prints, in the language the app opens in (i18n/starting.ts): the app's own strings. */
interface Words {
  list: Record<string, string>;
  testMode: typeof TEST_MODE_STRINGS;
  lang: string;
}
const WORDS: Record<string, Words> = {
  en: { list: CLIENT_LIST_STRINGS, testMode: TEST_MODE_STRINGS, lang: 'en' },
  fr: { list: CLIENT_LIST_STRINGS_FR, testMode: testModeFr.strings as typeof TEST_MODE_STRINGS, lang: 'fr' },
  sw: { list: CLIENT_LIST_STRINGS_SW, testMode: testModeSw.strings as typeof TEST_MODE_STRINGS, lang: 'sw' },
};

/** What a row shows of a client (the fields of GET /sync/first's records that the list reads). */
export interface FirstClient {
  id: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  city?: string | null;
  archived?: boolean | null;
}

/** The list as ClientsTab shows it first: not archived, not the walk-in client (data/walkIn.ts), by name, 50 at most. */
export function firstRows(records: FirstClient[], user: { id?: string; username?: string } | null): FirstClient[] {
  const walkIn = walkInIdOf(user);
  const byName = new Intl.Collator();
  return records
    .filter((c) => !c.archived && c.id !== walkIn)
    .sort((a, b) => byName.compare(a.name, b.name))
    .slice(0, 50);
}

export { visibleRows };

type Style = Partial<CSSStyleDeclaration>;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const DIMMED = 'rgb(104, 112, 120)';
const BORDER = '1px solid rgb(206, 212, 218)';

/**
 * Draws the page into the frame drawn ahead (`frame`, its header and bottom bar), at the place and size of
 * ClientsTab's (Mantine's sizes as numbers: the app's CSS may not be in yet). Answers whether it drew.
 */
export function drawFirstRows(frame: HTMLElement, rows: FirstClient[], archived: number, testMode: boolean, words: Words = WORDS.en): boolean {
  if (!rows.length || frame.querySelector('[data-first-rows]')) return false;
  const { list: t, testMode: banner } = words;
  const doc = frame.ownerDocument;
  const el = (tag: string, style: Style, text?: string): HTMLElement => {
    const e = doc.createElement(tag);
    Object.assign(e.style, style);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const page = el('div', { padding: '12px 12px 74px', fontFamily: FONT, fontSize: '16px', lineHeight: '1.55', color: '#000' });
  page.dataset.firstRows = '';
  if (testMode) {
    const box = el('div', { padding: '16px', marginBottom: '12px', borderRadius: '8px', border: '1px solid transparent', background: 'rgb(255, 243, 191)' });
    const body = el('div', { display: 'flex', flexDirection: 'column', gap: '10px', fontSize: '14px', color: 'rgb(31, 31, 31)' });
    body.append(el('div', { fontWeight: '700' }, banner.title), el('div', {}, banner.body));
    box.append(body);
    page.append(box);
  }
  // The title and its buttons (ui/PageHeader): Sell, then the places of the CSV menu and Add client (hidden).
  const header = el('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '10px', marginBottom: '16px' });
  const title = el('div', { flex: '1 1 auto', minWidth: '0', fontSize: '22px', fontWeight: '700', lineHeight: '1.4' }, t.title);
  const button = (text: string, style: Style) =>
    el(
      'span',
      {
        display: 'inline-flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        height: '36px',
        padding: '0 18px',
        borderRadius: '8px',
        fontSize: '14px',
        fontWeight: '600',
        lineHeight: '1',
        whiteSpace: 'nowrap',
        ...style,
      },
      text,
    );
  // Add client: its + in Mantine's left section (10 px before the label).
  const add = button(t.add, { border: '1px solid transparent', padding: '0 18px 0 12px', visibility: 'hidden' });
  add.prepend(el('span', { marginRight: '10px' }, '+'));
  const buttons = el('div', { display: 'flex', gap: '10px', marginLeft: 'auto', alignItems: 'center' });
  buttons.append(
    button(t.sell, { background: 'rgb(35, 112, 50)', color: '#fff', border: '1px solid transparent' }),
    button('CSV', { border: BORDER, visibility: 'hidden' }),
    add,
  );
  header.append(title, buttons);
  page.append(header);
  if (archived > 0) {
    const line = el('div', { display: 'flex', justifyContent: 'flex-end' });
    line.append(
      button(t.showArchived.replace('{{count}}', String(archived)), {
        height: '30px',
        padding: '0 14px',
        fontSize: '12px',
        color: 'rgb(8, 127, 91)',
      }),
    );
    page.append(line);
  }
  const stack = el('div', { display: 'flex', flexDirection: 'column', gap: '10px' });
  const search = el(
    'div',
    {
      boxSizing: 'border-box',
      height: '36px',
      border: BORDER,
      borderRadius: '8px',
      fontSize: '14px',
      lineHeight: '34px',
      color: DIMMED,
      paddingLeft: '34px',
      position: 'relative',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
    },
    t.searchPlaceholder,
  );
  search.prepend(el('span', { position: 'absolute', left: '0', width: '34px', textAlign: 'center' }, '⌕'));
  const n = rows.length;
  const count = el(
    'div',
    { fontSize: '14px', lineHeight: '1.45', color: DIMMED },
    (t[`count_${new Intl.PluralRules(words.lang).select(n)}`] ?? t.count_other).replace('{{count}}', String(n)),
  );
  // Rows as ClientRows.module.css draws them; only those the screen can show (a row is 70 px at least): laying out all
  // 50 was a 20–120 ms task right after the first paint (Lighthouse's blocking time), for rows nobody could see yet.
  const list = el('ul', { listStyle: 'none', padding: '0', margin: '0', display: 'flex', flexDirection: 'column', gap: '6px' });
  for (const c of rows.slice(0, visibleRows(doc.defaultView?.innerHeight))) {
    const item = el('li', {});
    const row = el('div', {
      display: 'flex',
      alignItems: 'center',
      boxSizing: 'border-box',
      width: '100%',
      padding: '12px',
      border: BORDER,
      borderRadius: '8px',
      background: '#fff',
    });
    const text = el('span', { minWidth: '0' });
    text.append(
      el('span', { display: 'block', fontWeight: '600', fontSize: '16px', lineHeight: '1.55', overflowWrap: 'anywhere' }, c.name),
      el(
        'span',
        { display: 'block', fontSize: '14px', lineHeight: '1.45', color: DIMMED, overflowWrap: 'anywhere' },
        [c.email, c.phone, c.city].filter(Boolean).join(' · ') || ' ',
      ),
    );
    row.append(text);
    item.append(row);
    list.append(item);
  }
  stack.append(search, count, list);
  page.append(stack);
  // Under the header of the frame, above its bottom bar (fixed).
  frame.firstElementChild?.after(page);
  performance.mark?.('duka:first-rows');
  return true;
}

type Answer = { records?: FirstClient[] } | null | undefined;

/**
 * Draws the first rows once `firstPage` and `testMode` (the early answers) are in, if the frame drawn ahead is still
 * on screen, in the language the app opens in. A failed answer draws nothing (the app asks again and draws the list).
 */
export async function drawFirstRowsWhenIn(
  firstPage: Promise<unknown>,
  testMode: Promise<{ test_payments?: boolean } | null> | undefined,
  doc: Document = document,
): Promise<boolean> {
  const words = WORDS[startingLanguage()] ?? WORDS.en;
  const [answer, config] = await Promise.all([firstPage as Promise<Answer>, testMode ?? null]).catch(() => [null, null] as const);
  const frame = doc.querySelector<HTMLElement>('[data-first-paint][data-frame]');
  if (!answer?.records || !frame) return false;
  let user: { id?: string; username?: string } | null = null;
  try {
    user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as typeof user;
  } catch {
    // no stored user: the walk-in client is looked for under the device's key, as data/walkIn.ts does
  }
  const archived = answer.records.filter((c) => c.archived).length;
  return drawFirstRows(frame, firstRows(answer.records, user), archived, !!config?.test_payments, words);
}
