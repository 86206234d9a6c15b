import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkMap, firstScreenChunks } from './build/chunks';
import { loginEntry } from './build/loginEntry';
import { ocrAssets } from './build/ocrAssets';
import { precompress } from './build/precompress';
import { knownPreloads } from './build/preloads';

const preloads = knownPreloads();

export default defineConfig({
  plugins: [
    preloads.plugin,
    react(),
    // PWA (SPEC §4, DESIGN "Web app"): an installable manifest and a service worker precaching the app
    // shell so the app opens with no network. Registered from src/pwa/register.ts in production only.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon-64.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Duka',
        short_name: 'Duka',
        description: 'Invoices, clients, expenses and an AI writer for your small business.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0b7a53',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The receipt reader (issue 29, ~6 MB) is fetched only by those who read a receipt, then kept (runtimeCaching).
        globIgnores: ['assets/ocr/**'],
        // Deep links (/tabs/home, /contacts/ada) open the cached shell offline; the API is never cached.
        // The public pages (invoice links, thank-you, checkout) come from the server: on a phone where the app is
        // installed a client still gets the small pay page with the amount drawn in it, not the whole app's shell.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/docs/, /^\/dev\//, /^\/invoice\/link\//, /^\/thank-you/, /^\/pay\/checkout\//, /^\/test-phone\//],
        cleanupOutdatedCaches: true,
        // On the first visit the page that installed the worker is served by it too, so code it never fetched (the
        // invoice editor) still opens offline without a reload (t14 D7). Updates still wait for the owner (no skipWaiting).
        clientsClaim: true,
        // The barcode reader's WebAssembly (issue 28) is not precached for everyone: kept once a scan fetched it.
        runtimeCaching: [
          { urlPattern: /\/assets\/.*\.wasm$/, handler: 'CacheFirst', options: { cacheName: 'duka-wasm', expiration: { maxEntries: 4 } } },
          { urlPattern: /\/assets\/ocr\//, handler: 'CacheFirst', options: { cacheName: 'duka-ocr', expiration: { maxEntries: 6 } } },
        ],
      },
      devOptions: { enabled: false },
    }),
    loginEntry(),
    ocrAssets(),
    chunkMap(),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // Two pages: the app (index.html) and the small public entry for invoice links and thank-you (pay.html).
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first screen's JS.
    // Nor, in a lazy chunk's preload list, the files its importer already loaded (build/preloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      // appMain: the app's code behind index.html's tiny entry, which names it in the HTML (src/boot/bootFromHtml.ts).
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        pay: fileURLToPath(new URL('pay.html', import.meta.url)),
        appMain: fileURLToPath(new URL('src/appMain.tsx', import.meta.url)),
      },
      output: { codeSplitting: firstScreenChunks },
    },
  },
  // A test's first render imports its screen's modules: on a busy 2-core machine that alone passed vitest's 5 s default
  // (LoginPage's 429 test at load 20). The tests' own waits (findBy…) keep their short timeouts.
  // Two workers on two cores: vitest's default (cores − 1) runs one file at a time there, the other core idle.
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000, maxWorkers: Math.min(Math.max(availableParallelism(), 2), 4) },
} as Parameters<typeof defineConfig>[0]);
