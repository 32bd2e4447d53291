import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = path.dirname(new URL(import.meta.url).pathname);
const manifestPath = path.join(root, 'manifest.webmanifest');

/**
 * The web manifest stays at the repository root (not in public/, docs/architecture.md "The tree"),
 * so this plugin serves it in dev and emits it under its stable name in the build; no second copy
 * to keep in sync.
 */
function webManifest(): Plugin {
  return {
    name: 'partsdesk-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(fs.readFileSync(manifestPath));
      });
    },
    buildStart() {
      this.addWatchFile(manifestPath);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: fs.readFileSync(manifestPath) });
    },
  };
}

/**
 * The service worker (sw/sw.ts, docs/decisions/client.md ("Service worker and updates (sw/,
 * src/app/sw)")), built by workbox injectManifest into dist/sw.js with the list of every built file
 * to precache. Registration is ours (src/app/sw/register-sw.ts), and so is the manifest
 * (webManifest() above), which it precaches.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // Every route chunk, style, icon, the shell and the manifest: any client route opens offline.
      globPatterns: ['**/*.{js,css,html,png,svg,ico,webp,woff2,webmanifest}'],
      globIgnores: ['sw.js', '**/*.map'],
      // Hashed files are their own revision; only index.html and friends need one.
      dontCacheBustURLsMatching: /^assets\//,
      sourcemap: false,
      // A classic script (no import/export): every browser runs it, and no deprecated-option
      // warning from the plugin's 'es' build on Vite 8.
      rollupFormat: 'iife',
    },
  });
}

/**
 * Brotli and gzip siblings of every text asset, written once at build time: the server serves them
 * as they are (@fastify/static `preCompressed`), so a phone on a slow network downloads a third of
 * the bytes and the server spends no CPU compressing per request. Not precached by the service
 * worker (its globs end in the real extensions).
 */
function precompress(): Plugin {
  return {
    name: 'partsdesk-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, 'dist');
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * A lazy page's code and stylesheets, written into index.html's inline script as `var {name}Modules`
 * (the chunk of `module` and the chunks it imports that the entry does not, with their CSS):
 * - `slug`: a product link (/{slug}, src/app/slug-page.tsx). The inline script preloads that code
 *   while the entry downloads, instead of the entry discovering it only after it has run (one
 *   round trip and a download later on a phone);
 * - `home`: the home page (docs/decisions/storefront.md "Content blocks");
 * - `locator`: the dealer locator page (docs/decisions/storefront.md "Dealer locator: first screen").
 * A server-rendered page links the stylesheets in its head and starts the code with the entry
 * (server/http/first-screen.ts).
 */
function routePreload(name: string, module: string): Plugin {
  const marker = `var ${name}Modules = [];`;
  return {
    name: `partsdesk-${name}-preload`,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        const entry = ctx.chunk; // the page's entry chunk (src/main.tsx)
        if (!page || !entry || !html.includes(marker))
          throw new Error(
            `routePreload: the ${module} chunk, the entry chunk or the index.html marker ${marker} not found`,
          );
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string, into = new Set<string>()) => {
          if (into.has(start)) return into;
          into.add(start);
          for (const dep of byName.get(start)?.imports ?? []) closure(dep, into);
          return into;
        };
        const inEntry = closure(entry.fileName);
        const files = [...closure(page.fileName)].filter((f) => !inEntry.has(f));
        // Their stylesheets too: the route waits for them before it renders (Vite's preload helper).
        const styles = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        return html.replace(
          marker,
          `var ${name}Modules = ${JSON.stringify([...files, ...styles].map((f) => `/${f}`))};`,
        );
      },
    },
  };
}

/**
 * Which chunks a dynamic import preloads with it (`<link rel="modulepreload">`, Vite's preload
 * helper): only a lazy page's or layout's (`*-page`, `*-layout`), whose code a navigation waits
 * for. The pieces a page loads after its first paint (header cart, dealer locator button, search
 * bar, fitment block and buttons, footer, toasts, modals, marketing) import their chunks as the
 * browser reads them: each modulepreload link the helper inserts costs the main thread 1-20 ms
 * in Chromium, and the ~25 of a listing's first second made one ~110 ms task (docs/figures.md,
 * 2026-11-28 "Main-thread work after the first paint"). Their stylesheets are still loaded first.
 */
function preloadOnlyForPages(file: string, deps: string[], ctx: { hostType: 'html' | 'js' }): string[] {
  if (ctx.hostType === 'html') return deps;
  return /[\w.]-(page|layout)-[\w-]{8}\.js$/.test(file) ? deps : [];
}

const server = 'http://localhost:8080';

/** Some spec paths are both a page and a call: in dev, navigations stay with Vite's index.html. */
function keepNavigations(req: IncomingMessage): string | undefined {
  const navigate = req.headers['sec-fetch-mode'] === 'navigate';
  const wantsHtml = (req.headers.accept ?? '').includes('text/html') && !req.headers['x-requested-with'];
  return navigate || wantsHtml ? '/index.html' : undefined;
}

const api: ProxyOptions = { target: server, changeOrigin: false };
const pageOrCall: ProxyOptions = { ...api, bypass: keepNavigations };

// `npm test` builds into its own run directory (PD_BUILD_DIR, scripts/test.mjs), so a second
// `npm test` beside it, or `npm start`, never serves a build another one is rewriting.
const outDir = process.env.PD_BUILD_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR build is one module for the server (dist/ssr/, never served nor precached): no manifest,
  // service worker, compressed siblings or index.html of its own.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        webManifest(),
        serviceWorker(),
        precompress(),
        routePreload('slug', '/src/app/slug-page.tsx'),
        routePreload('home', '/src/storefront/content/home-page.tsx'),
        routePreload('locator', '/src/storefront/locator/locator-page.tsx'),
      ],
  // Self-contained, with React's production build in it: the server loads one file from any
  // STATIC_DIR, and renders without development checks.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: isSsrBuild
    ? {
        outDir: `${outDir}/ssr`,
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: 'first-screen.js' } },
      }
    : {
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        modulePreload: { resolveDependencies: preloadOnlyForPages },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically in one chunk: left to itself the bundler splits
            // out each module a lazy chunk also uses, and a phone on HTTP/1.1 then waits a round trip
            // per small file before the first render (docs/decisions/storefront.md "Storefront
            // first load").
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/healthz': api,
      '/sync': api,
      '/ymm': api,
      '/checkout/cart': pageOrCall,
      '/pos/checkout': pageOrCall,
      '/index.php': pageOrCall,
    },
  },
}));
