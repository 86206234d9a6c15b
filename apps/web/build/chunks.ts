/**
 * Fewer, bigger files for the two first screens. Lighthouse and a phone on a weak link both pay a round trip per
 * file (HTTP/1.1: six connections, so 20 files are four rounds), and left alone the bundler cuts the login and
 * invoice-link pages into ~20 files of 1 KB each (modules shared with other pages). These groups gather them:
 * - first: what both first screens run (React, the strings, the Mantine pieces both draw, the app's own start-up
 *   modules), one file;
 * - inputs: Mantine's text inputs (the login form, the M-Pesa phone form);
 * - login: the login page's own form (not React Query, nor the router: `app`, issue 30);
 * - app: what the app's entry, the login page and the client list share (the router, i18next, page paths, the account
 *   API);
 * - invoice-link: the public invoice page and what it needs beyond that;
 * - display: money and date formats, initials and badges, which the invoice link shares with the client list.
 * Other pages that use a piece load its group (a few KB more, once, then cached). Each language's strings
 * (i18n/bundles/fr, sw) and every other lazy page stay their own chunks: nothing here captures them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const sep = String.raw`[\\/]`;
const anyOf = (parts: string[]) => new RegExp(parts.map((p) => p.replace(/\//g, sep)).join('|'));

/** Mantine core helpers that inputs and overlays use and the invoice link's own components do not. */
const INPUT_HELPERS =
  '(utils/(units-converters/px|get-breakpoint-value|get-sorted-breakpoints|get-base-value|is-element|get-safe-id|find-element-ancestor|create-scoped-keydown-handler|get-default-z-index|noop|close-on-escape|create-event-handler|get-context-item-index|get-env|get-ref-prop|primitive|find-element-in-shadow-dom|get-single-element-child)/|MantineProvider/color-functions/(get-contrast-color|get-auto-contrast-value)/|styles-api/use-resolved-styles-api/|Box/get-style-object/|DirectionProvider/)';

const FIRST = anyOf([
  'node_modules/(react|react-dom|scheduler|clsx)/',
  '@mantine/core/esm/components/(Group|Container|Center|Stack|Text|Title|Loader|Button|UnstyledButton|Paper|Alert|CloseButton)/',
  // Mantine's core, less what the public pay page does not run (issue 25): MantineProvider's run-time CSS and colour
  // scheme (the pay page draws that CSS from a file: src/public/PublicMantineProvider.tsx; only the app's entry carries
  // that code) and the helpers only inputs and overlays use (in `inputs`).
  `@mantine/core/esm/core/(?!MantineProvider/(MantineProvider\\.|MantineCssVariables/|MantineClasses/|color-scheme-managers/|use-mantine-color-scheme/|use-respect-reduce-motion/|convert-css-variables/)|${INPUT_HELPERS})`,
  '@mantine/hooks/esm/(use-id|use-reduced-motion|use-isomorphic-effect)/',
  // The strings and their small lookup (i18n/lite); not i18next, which only the app runs (in `app`, issue 25).
  'apps/web/src/(data/(api|token)|ui/enterGuard|i18n/lite|app/theme|boot/(firstPaint|styles/index))\\.tsx?$',
  // The rails (ids, kinds, names): core's account schemas reach it, and the pay page needs it; in `login` it would bring
  // that whole group onto the invoice link and its rails. Not the countries' table (country-rails.ts): the pay page
  // draws the rails the server offered. (Money formats and initials are in `display`.)
  'packages/core/src/payments/rails\\.ts$',
  'apps/web/src/ui/(errors|strings)\\.ts$',
  // The customer's page paths (src/publicPaths.ts): the pay page and the app (paths.ts) both read them; left alone they
  // go into `login` with paths.ts and bring that whole group onto the pay page.
  'apps/web/src/publicPaths\\.ts$',
  // Date formats: the login's toasts and the invoice link both use them (in `display`, the login would load that group).
  'packages/core/src/constants/dates\\.ts$',
  // Invoice statuses and kinds (2 KB): the invoice link and the device database both read them; in `invoice-link` the
  // client list would load that whole page's group for them (issue 30). With them a quote's decline-reason limit (a
  // number), so a quote's Accept / Decline on the pay page does not load the schemas' group for it.
  'packages/core/src/invoices/(status|quote-answer|real-money)\\.ts$',
]);

/**
 * Text inputs: the login form and the M-Pesa phone form; with them Mantine's helpers that only inputs and overlays
 * (the card form's modal) use, and the toasts (login, the card form, the toast container), which the invoice link
 * itself does not run (issue 25: pay page JS ≤ 120 KB gz).
 */
const INPUTS = anyOf([
  '@mantine/core/esm/components/(Input|InputBase|TextInput)/',
  `@mantine/core/esm/core/${INPUT_HELPERS}`,
  '@mantine/hooks/esm/use-uncontrolled/',
  // Toasts: the helper, the container's trigger and Mantine's store (login, the card form, the app's screens).
  'apps/web/src/(ui/toast|app/Toasts)\\.tsx?$',
  '@mantine/(store|notifications/esm/notifications\\.store)',
  'packages/core/src/constants/timings\\.ts$',
]);

const LOGIN = anyOf([
  'apps/web/src/features/accounts/(pages/LoginPage|components/AuthLayout|loginValidation|quick/adopt)\\.tsx?$',
  'apps/web/src/ui/form\\.tsx$',
  '@mantine/core/esm/components/(Anchor|PasswordInput)/',
]);

/**
 * What the app's entry and its first screens (the login page, the client list) share beyond `first`: the router, the
 * page paths, the signed-in user, the account API and strings, the device's language (issue 30). Apart from `login`, so
 * a repeat open or a reload of the client list does not load the login page (its form, its Mantine inputs) for them.
 */
const APP = anyOf([
  'node_modules/react-router/',
  // i18next and the app's strings through it (i18n/index): the pay page reads the strings without them (i18n/lite).
  'node_modules/i18next/',
  // The icon buttons: the login form's password toggle and the list's header both draw them.
  '@mantine/core/esm/components/ActionIcon/',
  'apps/web/src/(paths|i18n/(index|starting|device)|data/(user|sync/(ahead|firstPageEarly))|boot/preload)\\.tsx?$',
  'apps/web/src/features/accounts/(api|strings|keptChanges|paths|language|quick/handoff)\\.tsx?$',
]);

const INVOICE_LINK = anyOf([
  'apps/web/src/features/invoices/(components/(InvoiceLinkView|LanguageSwitch|feeLabel)|publicApi|invoiceLinkStrings)\\.tsx?$',
  // Each rail's button (drawn by the page before the rails' form loads on a tap).
  'apps/web/src/features/rails/RailButton\\.tsx$',
  'apps/web/src/features/invoices/components/InvoiceLinkView\\.module\\.css$',
  // The phone field's CSS, shared by the M-Pesa form and the rails' form (each loads on a tap, issue 25).
  'apps/web/src/features/rails/RailPay\\.module\\.css$',
  // No Mantine Card, Divider nor Image: the page draws them with Paper, <hr> and <img> (issue 25: pay page JS).
]);

/**
 * What the invoice link shares with the app's first screen after Log in (the client list, its header): money and date
 * formats, initials, badges. Apart, so the list does not load the whole invoice page's group for a badge (issue 30).
 */
const DISPLAY = anyOf([
  'apps/web/src/ui/CompanyInitials\\.(tsx|module\\.css)$',
  'packages/core/src/(constants/(dates|currencies)|amounts/format|accounts/initials)\\.ts$',
  '@mantine/core/esm/components/Badge/',
]);

/**
 * The rails' form (issue 25), which loads on demand: a tap on a rail's button, or back from a hosted checkout.
 */
const RAILS = anyOf([
  // The rails' form, its strings and API calls in one file: one request for a customer on a weak link, not five.
  // (Its CSS is in `invoice-link`: the M-Pesa form shares it, and would load this whole group with it.)
  'apps/web/src/features/rails/(RailPay|strings|api)\\.tsx?$',
]);

/**
 * A phone rail's number field, its strings and core's mobile-number table (issue 25): loaded beside the rails' form for a
 * phone rail only, so a tap on a hosted checkout (Flutterwave in Nigeria) does not carry them. (The table, left alone,
 * would go into `login`, reached through core's account schemas, and bring that whole group along.)
 */
const RAIL_PHONE = anyOf(['packages/core/src/payments/mobile-phone\\.ts$', 'apps/web/src/features/rails/(RailPhone|railPhoneStrings)\\.tsx?$']);

/**
 * Paystack's strings and API calls in one file (issue 25): a naira invoice's page loads them with the Paystack button,
 * the thank-you page with its verify step. (The button itself stays apart: the thank-you page does not run it.)
 */
const PAYSTACK = anyOf(['apps/web/src/features/paystack/(strings|api)\\.ts$']);

/** Zod's core with the app's Zod settings (app/zodConfig.ts), which must run before any schema is built. */
const ZOD = anyOf(['node_modules/zod/v4/core/(core|util)\\.js$', 'apps/web/src/app/zodConfig\\.ts$']);

/**
 * The screen after Log in (the frame, the client list, the device database and the sync engine; issue 30): in one file,
 * not ~40 of 1–10 KB each. On a weak link (300 ms a round trip, six connections) forty files are seven rounds, two
 * seconds before the bytes count, and each carries its own headers. It holds what these modules import statically and
 * the app's entries do not (those are already loaded); lazy pages they open stay their own chunks.
 */
export const HOME_MODULES = [
  'src/app/QueryLayout.tsx',
  'src/app/Shell.tsx',
  'src/features/clients/pages/ClientsTab.tsx',
  'src/data/db.ts',
  'src/boot/styles/home.ts',
  'src/app/shell/SyncStatus.tsx',
];
/** What the entries load (already there when the home screen is asked for), and the login page (in `login`). */
const LOADED_FIRST = ['src/main.tsx', 'src/appMain.tsx', 'src/public/main.tsx', 'src/features/accounts/pages/LoginPage.tsx'];
/**
 * The public pages' own lazy screens (the rails' form, the thank-you page, the test-mode pages): what they share with
 * the home screen goes into `home-shared`, so they never load the whole home file (the pay page's budget, issue 25).
 */
const PUBLIC_LAZY = [
  'src/features/rails/RailPay.tsx',
  'src/features/rails/RailPhone.tsx',
  'src/features/rails/TestPhone.tsx',
  'src/features/invoices/pages/ThankYouPage.tsx',
  'src/features/paystack/TestPaystackCheckout.tsx',
  // The invoice link's fiscal block and its PDF download (the PDF maker and the core rules it reads).
  'src/features/fiscal/PublicFiscal.tsx',
  '../../packages/pdf/src/index.ts',
];

/**
 * The libraries and core modules the home screen needs that the graph walk in homeGroup cannot claim (it sees every
 * module a package's index re-exports as loaded by the entries, though the bundle keeps only what they use): the frame
 * (AppShell), and the few core modules the device database, the sync engine and the frame read: the records' defaults,
 * version ranges, the plans (the upgrade button), the walk-in client's derived id. Not Zod nor the country list: the list draws without them, and they
 * are a third of what it would wait for on a weak link (issue 30; core keeps these modules free of both). None is in
 * the entries' files nor in what the login and pay pages load later (the toasts' container, scroll locks, portals
 * stay apart: the login and pay pages load them for a toast or a dialog, and must not load this file with them).
 */
const HOME_LIBS = anyOf([
  '@mantine/core/esm/components/(AppShell|Collapse|Burger|NavLink|Accordion/AccordionChevron)/',
  '@mantine/hooks/esm/use-collapse/',
  'packages/core/src/(records/(constants|permalink|defaults|version-ranges|derived-id)|stock/defaults|constants/upgrade|plans/catalog)\\.ts$',
]);

/**
 * Zod's schemas and the core rules most screens after the client list check records with (issue
 * 30): one file, not fifteen of 0.1–20 KB, loaded by the first screen that needs them (or ahead, once the list is
 * drawn and the link idle), never by the list itself. With them the account, numbering and stock-level rules the Sell
 * screen reads, so a first visit's Sell loads only its own screen (issue 28: ≤ 30 KB gz).
 */
const RULES = anyOf([
  'node_modules/zod/v4/',
  'packages/core/src/(records/(schemas|sync|text)\\.ts|rules/(index|limits|codes)\\.ts|payments/index\\.ts|amounts/math\\.ts|invoices/(today|credit-notes|credit-reasons|schemas)\\.ts|language/(index|schema)\\.ts|fiscal/(types|api)\\.ts|api/payments\\.ts|stock/(movements|levels|math|invoice)\\.ts|accounts/index\\.ts|invoices/(numbering|settings)\\.ts)$',
]);

/**
 * The country list (countries-list and core's table over it), apart from `rules`: the client list's phone formats and
 * country names (features/clients/listLater.ts) need it, and with it in `rules` they evaluated all of Zod's schemas
 * on the list (issue 30: a 50 ms task on a fast machine, Lighthouse counts it 4×).
 */
const COUNTRIES = anyOf(['node_modules/countries-list/', 'packages/core/src/constants/countries\\.ts$']);

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `from` import statically, themselves included, transitively. */
function reachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    todo.push(...info.importedIds);
  }
  return seen;
}

/**
 * A group `name` for the home screen's own modules (see HOME_MODULES), worked out once per build: `home`, or
 * `home-shared` for those the public pages' lazy screens also import. Not what the entries already load.
 */
function homeGroup(webRoot: string) {
  let groups: Map<string, string> | null = null;
  let publicLazy: Set<string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!groups) {
      const abs = (m: string) => path.join(webRoot, m);
      const first = reachable(graph, LOADED_FIRST.map(abs));
      publicLazy = reachable(graph, PUBLIC_LAZY.map(abs));
      groups = new Map();
      for (const m of reachable(graph, HOME_MODULES.map(abs))) {
        if (!first.has(m)) groups.set(m, publicLazy.has(m) ? 'home-shared' : 'home');
      }
    }
    return groups.get(id) ?? (HOME_LIBS.test(id) ? (publicLazy!.has(id) ? 'home-shared' : 'home') : null);
  };
}

export const firstScreenChunks = {
  groups: [
    { name: 'zod', test: ZOD, priority: 4 },
    { name: 'first', test: FIRST, priority: 3 },
    { name: 'rails', test: RAILS, priority: 1 },
    { name: 'rails-phone', test: RAIL_PHONE, priority: 1 },
    { name: 'paystack', test: PAYSTACK, priority: 1 },
    { name: 'inputs', test: INPUTS, priority: 2 },
    { name: 'login', test: LOGIN, priority: 2, includeDependenciesRecursively: false },
    { name: 'app', test: APP, priority: 2, includeDependenciesRecursively: false },
    { name: 'invoice-link', test: INVOICE_LINK, priority: 2 },
    { name: 'display', test: DISPLAY, priority: 3 },
    { name: 'rules', test: RULES, priority: -1, includeDependenciesRecursively: false },
    { name: 'countries', test: COUNTRIES, priority: -1, includeDependenciesRecursively: false },
    { name: homeGroup(fileURLToPath(new URL('..', import.meta.url))), debugName: 'home', priority: 0, includeDependenciesRecursively: false },
  ],
};

/**
 * dist/.vite/chunks.json: which source modules each chunk holds. Vite's manifest names a chunk by its entry module
 * only, and a page gathered into a group above (the login page into `login`) has none; the bundle benches
 * (bench/web-bundle.bench.mjs) read this to find such a page's chunk.
 */
export function chunkMap(): Plugin {
  let root = '';
  return {
    name: 'duka:chunk-map',
    apply: 'build',
    configResolved(c) {
      root = path.resolve(c.root, '..', '..');
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        map[chunk.fileName] = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => path.relative(root, id).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: `${JSON.stringify(map, null, 1)}\n` });
    },
  };
}
