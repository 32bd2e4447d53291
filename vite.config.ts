import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

const root = path.dirname(new URL(import.meta.url).pathname);
const manifestPath = path.join(root, 'manifest.webmanifest');

/**
 * DESIGN.md keeps the web manifest at the repository root (not in public/), so this plugin serves
 * it in dev and emits it under its stable name in the build; no second copy to keep in sync.
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

const server = 'http://localhost:8080';

/** Some spec paths are both a page and a call: in dev, navigations stay with Vite's index.html. */
function keepNavigations(req: IncomingMessage): string | undefined {
  const navigate = req.headers['sec-fetch-mode'] === 'navigate';
  const wantsHtml = (req.headers.accept ?? '').includes('text/html') && !req.headers['x-requested-with'];
  return navigate || wantsHtml ? '/index.html' : undefined;
}

const api: ProxyOptions = { target: server, changeOrigin: false };
const pageOrCall: ProxyOptions = { ...api, bypass: keepNavigations };

export default defineConfig({
  plugins: [react(), webManifest()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
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
});
