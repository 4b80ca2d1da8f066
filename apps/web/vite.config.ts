import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';

// The API (apps/api) serves this build from apps/web/dist in production, on the same origin,
// so the app only ever calls relative /api and /uploads addresses. In development Vite proxies them.
const api = 'http://localhost:3000';

/**
 * The chunks of the screens other than the first screens' (home, the menu, a product: src/app/routes/), whose dynamic
 * imports list no preloads: staff, signed-in, sign-in and the stores and not-found screens fetch their imports when
 * they arrive.
 */
const WITHOUT_PRELOAD_LIST = /(?:^|\/)(?:staff-[a-z-]+|add-products|edit-products|option-groups|history|order|payment|pickup|user|navbar-signed-in|your-usual|favourite-heart|login-complete|reset-password|login|register|forgot-password|stores|not-found|route-guards)-[\w-]{8}\.js$/;

export default defineConfig({
  // Lingui compiles the catalogues a screen imports (src/lib/i18n.ts) and its macros (Trans, t, msg) in the build,
  // with no Babel pass: the browser gets compiled messages and no message parser.
  plugins: [lingui({ macroTransform: true, configPath: `${import.meta.dirname}/lingui.config.ts` }), react(), tailwindcss()],
  resolve: {
    alias: { 'use-sync-external-store/shim': `${import.meta.dirname}/src/lib/react-sync-store.ts` },
    // 'source' first: @coffee/contract resolves to its TypeScript source, no contract build needed.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-budget.mjs reads it to add up the home page's initial JavaScript.
    manifest: true,
    // The menu's coupon pictures as files of their own, not data addresses inside the menu's JavaScript: the first
    // screen's code need not wait for pictures.
    assetsInlineLimit: (file: string) => (/[\\/]coupon-[a-z-]+\.svg$/.test(file) ? false : undefined),
    modulePreload: {
      // Every browser the shop supports knows <link rel="modulepreload">: no polyfill on the first screen.
      polyfill: false,
      // The entry carries, for each screen it imports on demand, the list of chunks to fetch with it: bytes every
      // first screen waits for. The screens in WITHOUT_PRELOAD_LIST go without theirs (their chunks fetch their own imports
      // when they arrive); home, the menu and a product keep them.
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'js' && WITHOUT_PRELOAD_LIST.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      // src/boot.ts: the first script of the pages that arrive drawn, built here (minified) and written into them by
      // scripts/prerender.mjs.
      input: { index: 'index.html', boot: 'src/boot.ts' },
      treeshake: {
        // The contract's modules only declare schemas and helpers: a screen that needs formatIdr or a path must not
        // carry every zod schema (and zod) with it. Its package.json cannot say so to the bundler without also
        // telling the API's build, so it is said here.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (React, React Router, the layout, config/paths) in the entry's
              // own chunk: every first screen fetches all of it, and one file compresses better than several. Not the
              // boot script, which must stand alone to be inlined.
              name: 'first-screen',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]boot\.ts$/.test(id),
              priority: 1,
            },
            {
              // The contract's plain values and helpers (no schema) apart from its schemas: left to itself the bundler
              // puts them in the chunk of the schemas the app imports lazily, and the first screen would then load zod
              // and every schema to read a page size. The limits (the route table's sign-in path) here; the money and
              // clock helpers, the labels, option rules and question limits with the catalogue pages' code below.
              name: 'contract-limits',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]limits\.ts$/,
            },
            {
              // What the menu and a product page both wait for beyond the entry (the API client, the query hook, money,
              // pictures), and what a product page waits for beyond that (choosing, adding to the cart): a file each
              // rather than a dozen small ones, which compress worse apart (decision 018). Later screens that use
              // a part of them fetch the file.
              name: 'catalogue-pages',
              test: /[\\/](?:packages[\\/]contract[\\/]src[\\/](?:money|shop-time|categories|sizes|delivery-methods|option-rules|question-limits)\.ts|src[\\/]lib[\\/](?:api-client|money|contract-words)\.ts|src[\\/]components[\\/]ui[\\/](?:price|error-state|product-picture)\.tsx|@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:queryOptions|queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\.js)$/,
            },
            {
              name: 'product-page',
              test: /[\\/](?:src[\\/]features[\\/]products[\\/]components[\\/](?:product-detail|option-chooser|order-summary)\.tsx|src[\\/]features[\\/]questions[\\/]components[\\/](?:use-ask-staff\.tsx|chat-link\.ts)|src[\\/]features[\\/]cart[\\/](?:api[\\/]get-cart|scheduled-parts|visitor-cart|use-add-to-cart)\.ts|src[\\/]features[\\/](?:products[\\/]api[\\/]get-product|shop[\\/]api[\\/]get-shop-settings)\.ts|src[\\/]lib[\\/]clock-text\.ts|src[\\/]components[\\/]ui[\\/](?:delivery-choice|stepper|choice-pills|alert|input-styles)\.tsx?|@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:mutationObserver|useMutation)\.js)$/,
            },
          ],
        },
      },
    },
  },
});
