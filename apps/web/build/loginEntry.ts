import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin, type Rolldown, runnerImport } from 'vite';
import { HOME_MODULES } from './chunks';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The chunks a chunk imports statically, itself included, transitively. */
function closure(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<OutputChunk>()): Set<OutputChunk> {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  for (const name of chunk.imports) {
    const dep = bundle[name];
    if (dep?.type === 'chunk') closure(bundle, dep, seen);
  }
  return seen;
}

/**
 * A page whose first screen is drawn in its HTML needs its JavaScript to take the screen over, not to show it: its
 * scripts and module preloads are asked for at low priority, so the stylesheet and the page's own data (the
 * invoice link's API preload) come first on a weak link, and the scripts fill the bandwidth after them.
 */
export function lowPriorityScripts(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** Moves the <link rel="stylesheet"> tags of <head> to the end of <body>. */
export function stylesheetsAfterContent(html: string): string {
  const links: string[] = [];
  const head = html.slice(0, html.indexOf('</head>')).replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
    links.push(tag.trim());
    return '';
  });
  const rest = html.slice(html.indexOf('</head>'));
  if (!links.length) return html;
  return head + rest.replace('</body>', () => `  ${links.join('\n    ')}\n  </body>`);
}

/**
 * The drawn login screen needs its CSS before it can show: that CSS comes inside the HTML (<style>, same bytes on the
 * wire, one round trip less), so the screen paints as soon as the HTML is in. Each stylesheet is still named by a
 * media="print" link at the end of <body> (fetched at idle priority, never applied to the screen): Vite's loader
 * then sees it as loaded and does not fetch it again for the next pages.
 */
export async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const named: string[] = [];
  let out = html;
  for (const m of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(path.join(outDir, m[1]), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`inlineStylesheets: ${m[1]} cannot go inside <style>`);
    out = out.replace(m[0], () => `<style>${css}</style>`);
    named.push(`<link rel="stylesheet" media="print" href="/${m[1]}">`);
  }
  return named.length ? out.replace('</body>', () => `  ${named.join('\n    ')}\n  </body>`) : out;
}

/** The app's code behind its tiny entry (src/main.tsx imports it once boot/appGate.ts lets it). */
export const APP_MODULE = 'src/appMain.tsx';

function appChunk(bundle: OutputBundle, root: string): OutputChunk {
  const id = path.join(root, APP_MODULE);
  const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.includes(id));
  if (!chunk) throw new Error(`loginEntry: no chunk holds ${APP_MODULE}`);
  return chunk;
}

/**
 * Names the app's code on the entry's script tag (src/boot/bootFromHtml.ts): data-boot, its file; data-steps, the files
 * it imports (React and Mantine in `first`, the router and i18next in `app`…), which the entry runs one at a time before
 * it, each in a task of its own (issue 30: evaluating them all with the app's entry was one task of 60–110 ms on the
 * client list's load, Lighthouse's largest blocking time); and data-css, the stylesheets the entry applies before
 * running it (none where the page carries them inline: login.html).
 */
export function bootNamed(html: string, bundle: OutputBundle, root: string, css: string[]): string {
  const app = appChunk(bundle, root);
  const boot = `/${app.fileName}`;
  const steps = app.imports.map((f) => `/${f}`);
  const tag = /<script type="module"[^>]*src="\/assets\/main-[^"]+"/;
  if (!tag.test(html)) throw new Error("loginEntry: no entry script (assets/main-*.js) to name the app's code on");
  return html.replace(tag, (t) => `${t} data-boot="${boot}" data-steps="${steps.join(' ')}" data-css="${css.join(' ')}"`);
}

/** What boot/preload.ts's preloadHome loads: the screen after Log in (its chunks are asked for at Log in). */
export const NEXT_SCREEN_MODULES = ['src/app/zodConfig.ts', ...HOME_MODULES];

/**
 * What the client list fetches ahead once the first sync has settled (src/boot/ahead.ts, issue 30): the client page and
 * form (a new phone that loses signal can still add a client), the CSV menu, the side menu, the list's phone rules and
 * (with AHEAD_CSS) the rest of Mantine's CSS. Listed in the HTML (data-ahead) so they are fetched without being run: evaluating them, or
 * applying that CSS to the list, was up to 300 ms of main-thread work on a fast machine (Lighthouse counts it 4×).
 */
export const AHEAD_MODULES = [
  'src/features/clients/pages/ContactPage.tsx',
  'src/features/clients/components/ContactForm.tsx',
  'src/data/phone.ts',
  'src/ui/csv/CsvMenu.tsx',
  'src/app/shell/SideMenu.tsx',
  'src/features/clients/listLater.ts',
];
/** The rest of Mantine's CSS (src/boot/styles/full.ts: CSS only, so no chunk holds it; its importer loads the file). */
const AHEAD_CSS = 'full.css';

/** The files of AHEAD_MODULES and AHEAD_CSS that neither `html` nor the screen after Log in (`next`) already loads. */
function aheadFiles(bundle: OutputBundle, root: string, html: string, next: string[]): string {
  const css = Object.values(bundle).filter((a) => a.type === 'asset' && a.fileName.endsWith('.css') && a.names.includes(AHEAD_CSS));
  if (css.length !== 1) throw new Error(`loginEntry: expected one stylesheet named ${AHEAD_CSS}, got ${css.length}`);
  return [...nextScreenFiles(bundle, root, html, AHEAD_MODULES), `/${css[0].fileName}`].filter((f) => !next.includes(f)).join(' ');
}

/**
 * The files of the screen after Log in that `html` does not already ask for: JS chunks (with what they import) and
 * their CSS, as paths. The quick login asks for them when Log in is pressed, seconds before the app would.
 */
export function nextScreenFiles(bundle: OutputBundle, root: string, html: string, modules = NEXT_SCREEN_MODULES): string[] {
  const files = new Set<string>();
  for (const m of modules) {
    const id = path.join(root, m);
    const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.includes(id));
    if (!chunk) throw new Error(`loginEntry: no chunk holds ${m}`);
    for (const c of closure(bundle, chunk)) {
      for (const css of c.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
      files.add(`/${c.fileName}`);
    }
  }
  return [...files].filter((f) => !html.includes(`${f}"`));
}

/** What must never load the home screen's file (build/chunks.ts `home`): the entries, the login page, the public pages' screens, the toasts. */
const APART_FROM_HOME = [
  'src/features/accounts/pages/LoginPage.tsx',
  'src/app/ToastContainer.tsx',
  'src/features/rails/RailPay.tsx',
  'src/features/rails/RailPhone.tsx',
  'src/features/invoices/components/MpesaPay.tsx',
  'src/features/rails/TestPhone.tsx',
  'src/features/invoices/pages/ThankYouPage.tsx',
  'src/features/paystack/TestPaystackCheckout.tsx',
  'src/features/fiscal/PublicFiscal.tsx',
  '../../packages/pdf/src/index.ts',
];

/** What the public pages (pay.html) load later: it must never bring the app's own entry (the app would draw over the page). */
const PUBLIC_LATER = APART_FROM_HOME.filter((m) => !m.includes('LoginPage') && !m.includes('ToastContainer'));

/**
 * Fails the build when an entry or one of APART_FROM_HOME would load the home chunk (106 KB on a weak link), or when
 * the pay page or what it loads later would load the app's entry chunk.
 */
export function assertHomeApart(bundle: OutputBundle, root: string): void {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const home = chunks.find((c) => c.name === 'home');
  if (!home) return;
  const ids = APART_FROM_HOME.map((m) => path.join(root, m));
  for (const c of chunks) {
    if (c === home || !(c.isEntry || c.moduleIds.some((id) => ids.includes(id)))) continue;
    if (closure(bundle, c).has(home)) throw new Error(`build: ${c.fileName} would load the home screen's chunk ${home.fileName}`);
  }
  const app = chunks.find((c) => c.isEntry && c.moduleIds.includes(path.join(root, 'src/main.tsx')));
  const later = PUBLIC_LATER.map((m) => path.join(root, m));
  for (const c of chunks) {
    const isPublic = (c.isEntry && c.moduleIds.includes(path.join(root, 'src/public/main.tsx'))) || c.moduleIds.some((id) => later.includes(id));
    if (app && isPublic && closure(bundle, c).has(app)) throw new Error(`build: ${c.fileName} (a public page's) would load the app's entry ${app.fileName}`);
  }
}

/**
 * The quick login (src/features/accounts/quick/quick.ts) as a bundle of its own, outside the app's chunk groups (in
 * them it would load `first`, React and all): the few modules it reads are copied in, and i18n/index, which would
 * bring i18next, is replaced by a stand-in (its strings modules only register their English). Answers its file name
 * under assets/, written into outDir.
 */
export async function buildQuickLogin(root: string, outDir: string): Promise<string> {
  return buildSmallEntry(root, outDir, 'src/features/accounts/quick/quick.ts', 'login-quick');
}

/**
 * A script of its own (quick login, index.html's early script), one file with no shared chunks, written into outDir
 * as assets/<name>-[hash].js; answers its file name.
 */
async function buildSmallEntry(root: string, outDir: string, input: string, name: string): Promise<string> {
  const out = await build({
    root,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    // i18n/index and i18n/lite (ui/strings registers through lite since issue 25's pay page): no i18next, no React.
    resolve: { alias: [{ find: /^(\.\.\/)+i18n(\/lite)?$/, replacement: path.join(root, 'src/features/accounts/quick/noI18n.ts') }] },
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rollupOptions: {
        input: path.join(root, input),
        output: { format: 'es', entryFileNames: `assets/${name}-[hash].js`, codeSplitting: false },
      },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`buildSmallEntry(${name}): expected one file, got ${chunks.map((c) => c.fileName).join(', ')}`);
  const [chunk] = chunks;
  await writeFile(path.join(outDir, chunk.fileName), chunk.code);
  return chunk.fileName;
}

/**
 * dist/login.html: index.html that also asks for the login page's own chunks and CSS up front (modulepreload),
 * so a cold visit to /login fetches everything in one round instead of discovering the page after the entry ran.
 * The server sends it for /login only (apps/server/src/modules/web/static.ts); every other path keeps index.html.
 */
export function loginEntry(page = '/src/features/accounts/pages/LoginPage.tsx'): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'duka:login-entry',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      root = c.root;
    },
    async writeBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(page)));
      if (!chunk) throw new Error(`loginEntry: no chunk for ${page}`);
      assertHomeApart(bundle, root);
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const links: string[] = [];
      // The login page's chunks and the app's own code (appMain.tsx, which index.html's tiny entry imports: APP_MODULE).
      for (const c of [...closure(bundle, chunk), ...closure(bundle, appChunk(bundle, root))]) {
        for (const css of c.viteMetadata?.importedCss ?? []) if (!html.includes(`/${css}"`)) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
        if (!html.includes(`/${c.fileName}"`)) links.push(`<link rel="modulepreload" crossorigin href="/${c.fileName}">`);
      }
      // The screen itself, rendered from the real LoginPage, so the first paint needs no JavaScript.
      const { module } = await runnerImport<{ renderLoginScreen: () => string; renderQuickToast: () => string; renderQuickThrottled: () => string }>(
        path.join(root, 'src/app/prerender/loginScreen.tsx'),
        {
          root,
          configFile: false,
          logLevel: 'error',
        },
      );
      // Nothing in it can be typed into or pressed before the app has taken over (inert, read-only inputs): what
      // someone typed there would be lost when the app draws the same screen.
      const screen = module.renderLoginScreen().replace(/<input /g, '<input readonly ');
      const loginHtml = html
        .replace('</head>', `  ${[...new Set(links)].join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root"><div data-first-paint inert>${screen}</div></div>`)
        .replace(
          '</body>',
          () =>
            `  <template data-quick-toast>${module.renderQuickToast()}</template>\n` +
            `  <template data-quick-throttled>${module.renderQuickThrottled()}</template>\n  </body>`,
        );
      if (!loginHtml.includes(screen)) throw new Error('loginEntry: index.html has no <div id="root"></div> to draw the login screen into');
      // The drawn screen works before the app is there: the quick login script, a few KB, asked for first (async: it
      // runs as soon as it is in, not after the app's scripts, which come at low priority and take seconds).
      const quick = await buildQuickLogin(root, outDir);
      // data-next: the files of the screen after Log in, which the script asks for when Log in is pressed.
      const nextList = nextScreenFiles(bundle, root, loginHtml);
      const next = nextList.join(' ');
      const loginAhead = aheadFiles(bundle, root, loginHtml, nextList);
      const withQuick = bootNamed(lowPriorityScripts(loginHtml), bundle, root, []).replace(
        '</body>',
        () => `  <script type="module" async fetchpriority="high" src="/${quick}" data-next="${next}" data-ahead="${loginAhead}"></script>\n  </body>`,
      );
      await writeFile(path.join(outDir, 'login.html'), await inlineStylesheets(withQuick, outDir));
      // index.html (every app address, the service worker's shell): a repeat open of the client list asks for the
      // list's files at once (src/app/early.ts), first thing in <head>, async, a few hundred bytes. That script draws
      // the signed-in frame with inline styles (app/frameSkeleton.ts): as on /login, the app's scripts come at low
      // priority and its stylesheets after #root, so the frame shows once the HTML and that script are in, not once
      // the CSS and the app's first 120 KB are (issue 30: the list's first paint on a new phone, Lighthouse's FCP).
      // The app still waits for its stylesheets (a module script runs after the stylesheets before it).
      const early = await buildSmallEntry(root, outDir, 'src/app/early.ts', 'early');
      // data-app: the app's own code, which the entry asks for late (boot/appGate.ts): the early script asks for it at once,
      // or on a new phone's client list once the first rows are drawn.
      const appList = nextScreenFiles(bundle, root, html, [APP_MODULE]);
      const homeList = nextScreenFiles(bundle, root, html).filter((f) => !appList.includes(f));
      const homeFiles = homeList.join(' ');
      const ahead = aheadFiles(bundle, root, html, [...appList, ...homeList]);
      const bootCss = appList.filter((f) => f.endsWith('.css'));
      await writeFile(
        path.join(outDir, 'index.html'),
        bootNamed(stylesheetsAfterContent(lowPriorityScripts(html)), bundle, root, bootCss).replace(
          '<title>',
          () =>
            `<script type="module" async fetchpriority="high" src="/${early}" data-app="${appList.join(' ')}" data-next="${homeFiles}" data-ahead="${ahead}"></script>\n    <title>`,
        ),
      );
      // The invoice link's page is drawn by the server (apps/server/src/modules/web/payPage.ts) the same way, with
      // inline styles only: its stylesheets go to the end of <body>, where they hold back the app's scripts (which
      // wait for them) but not the drawing of what comes before them.
      const payHtml = path.join(outDir, 'pay.html');
      await writeFile(payHtml, stylesheetsAfterContent(lowPriorityScripts(await readFile(payHtml, 'utf8'))));
    },
  };
}
