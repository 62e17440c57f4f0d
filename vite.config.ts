import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxied = [
  '/u1/api',
  '/c1/api',
  '/s2/api',
  '/p1/api',
  '/c2/api',
  '/o1/api',
  '/a1/api',
  '/api',
  '/uploads',
  '/healthz',
  '/sitemap.xml',
  '/robots.txt',
];

// React Router's package points every bundler at its development build (with its warnings); builds use the production
// build it ships beside it, which is about 0.5 KB gzip lighter on every page's first load.
const routerProduction = new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url).pathname;

/**
 * That build sets `X.displayName = "X"` beside each component and context, and calls `forwardRef`/`createContext`
 * without a pure mark: the bundler then keeps every component the shop never uses (Form, ScrollRestoration,
 * HistoryRouter…). Dropping the names and marking the calls pure lets tree-shaking remove them: about 1.2 KB gzip
 * off every page's first load. Build only; the names served React's development tools, which builds do not have.
 * And `<Link>` prefetches a page's data and modules only under React Router's framework mode (its `prefetch` prop
 * does nothing without it: `usePrefetchBehavior` answers `[false, ref, {}]`); the shop's declarative router never has
 * it, so Link takes that answer directly and the prefetching code goes too: about 1.7 KB gzip more. All or nothing:
 * should a new version word Link otherwise, it is left as it is.
 */
const routerShake: Plugin = {
  name: 'shop:router-shake',
  apply: 'build',
  transform(code, id) {
    if (!/\/react-router\/dist\/production\/chunk-[\w-]+\.mjs$/.test(id)) return null;
    let out = code
      .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
      .replace(/= (React\d*\.(?:forwardRef|createContext))\(/g, '= /* @__PURE__ */ $1(');
    const prefetching = /usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/;
    const prefetchLinks = 'return shouldPrefetch && !isAbsolute ?';
    if (prefetching.test(out) && out.includes(prefetchLinks)) {
      out = out.replace(prefetching, '[false, void 0, {}]').replace(prefetchLinks, 'return false ?');
    }
    return { code: out, map: null };
  },
};

/**
 * Vite wraps every lazy import in a helper that preloads the imported chunk's own imports and stylesheets. With
 * `modulePreload: false` the only dependencies it could get are stylesheets of lazy chunks, and the shop has one
 * stylesheet, in the page's head. This smaller helper, in every page's first download, still loads such
 * stylesheets (should a lazy chunk ever have one) before running the chunk: about 0.6 KB gzip less.
 */
const smallPreloadHelper: Plugin = {
  name: 'shop:small-preload-helper',
  apply: 'build',
  transform(code, id) {
    if (id !== '\0vite/preload-helper.js' || !code.includes('export const __vitePreload')) return null;
    return {
      code: `const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all((deps ?? []).filter((dep) => dep.endsWith('.css')).map((dep) => (seen[dep] ??= new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/' + dep, crossOrigin: '' });
    link.onload = resolve;
    link.onerror = () => reject(new Error('Unable to preload CSS for ' + dep));
    document.head.appendChild(link);
  })))).then(load);`,
      map: null,
    };
  },
};

/**
 * The small modules the server-rendered screens share (prices, stars, breadcrumb, links, the tap hand-over, the
 * catalogue's API calls, the chunk that takes a rendered page over…): one chunk instead of sixteen, each of which
 * the bundler would otherwise cut apart by which other screens also use it. The listing and product page load all
 * of it anyway; one file compresses about 2.5 KB gzip smaller and is one request. Modules the entry bundle imports
 * never belong here (they would pull the whole group into every page). Likewise React and the API client, which
 * the entry and the lazy screens share, are one chunk ("core") instead of four.
 */
const CATALOGUE_SHARED =
  /\/(?:web\/storefront\/components\/(?:Breadcrumb|SalePrice|Stars|errors|links)|web\/api\/catalogue|web\/hydrate|web\/ui\/(?:earlyTaps|notify|plural|usePageTitle)|web\/auth\/returnTo|contract\/(?:images|money))\.tsx?$/;

export default defineConfig(({ command }) => ({
  root: 'web',
  plugins: [routerShake, smallPreloadHelper, react(), tailwindcss()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Lazy routes load their own imports; no preload map of every chunk in the entry bundle.
    modulePreload: false,
    // The server reads it to hint a listing's or product page's own chunks in that page's HTML.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /\/(?:node_modules\/(?:react|react-dom|scheduler)\/|web\/api\/client\.ts$)/,
              includeDependenciesRecursively: false,
            },
            { name: 'catalogue', test: CATALOGUE_SHARED, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])),
  },
}));
