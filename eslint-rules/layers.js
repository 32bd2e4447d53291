// The architecture rule of docs/architecture.md ("Layers and dependency rules"): every import that
// crosses a layer boundary the wrong way is reported with a message saying why.
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Which layer a repository-relative path belongs to. */
function layerOf(rel) {
  const p = rel.split(path.sep).join('/');
  const m = /^src\/(domain|contracts|api|db|ui|device|features|app|pos|storefront)(\/|$)/.exec(p);
  if (m) {
    if (m[1] === 'pos' || m[1] === 'storefront') {
      const area = /^src\/(pos|storefront)\/([^/]+)/.exec(p);
      return { layer: m[1], area: area ? area[2] : null };
    }
    return { layer: m[1], area: null };
  }
  const top = /^(sync|sw|server|tests|scripts)(\/|$)/.exec(p);
  if (top) return { layer: top[1], area: top[1] === 'server' ? serverPartOf(p) : null };
  return { layer: 'other', area: null };
}

/**
 * Which part of the server a path is in: its folder under server/ (db, services, commands, sync,
 * http, auth, adapters, ...), except that every route module is 'routes', the sync routes included.
 */
function serverPartOf(p) {
  if (p.startsWith('server/routes/') || p === 'server/sync/routes.ts' || p === 'server/sync/routes') return 'routes';
  const m = /^server\/([^/]+)(\/|$)/.exec(p);
  return m ? m[1] : null;
}

const WHY = {
  domain:
    'src/domain holds the pure shop rules shared by browser, worker and server: it imports nothing of ours (only zod and decimal.js), so every runtime computes the same thing.',
  contracts:
    'src/contracts is the wire format: it may import only src/domain, so client and server share one definition.',
  clientServer:
    'Client code never imports server/: the browser bundle must not carry server code (and the server has secrets).',
  serverClient:
    'server/ never imports client code (api, db, ui, device, features, app, pos, storefront, sync, sw): it shares only src/domain and src/contracts.',
  areas:
    "Screen areas never import each other's internals: share through src/domain or src/ui, and compose screens that need two areas in src/app.",
  lowerUp:
    'api, db and sync sit below the UI: they import domain and contracts, never ui/device/features/app/pos/storefront.',
  shell:
    "src/app is the shell (router, routes, layouts, providers): it imports the screens and features, so a screen, feature or device module that imports it closes an import cycle. Move what they share into src/features (or src/device for the device's sync state).",
  features:
    'src/features sits below the screens: src/pos, src/storefront and the shell use a feature, a feature never imports a screen area. Move what both need into the feature.',
  device:
    "src/device is the tab's side of the sync worker and the device's state (device cache, sync context, online, Background Sync): it sits below every screen, feature and shared component and draws nothing, so it imports only src/api, src/db, src/contracts, src/domain and the worker's types.",
  ui: 'src/ui holds shared components that know no screen, feature or device state: they get their data through props.',
  routesSql:
    'Routes never touch SQL: they parse, authorise and call a service (server/services), which owns the queries; this holds for the sync routes (server/sync/routes.ts) too.',
  dbUp: 'server/db is the bottom of the server: the connection, migrations and the one DB type. It never imports sync, services, commands or routes, which all build on it.',
  servicesHttp:
    'Services never import server/http or the routes: they throw ServiceError (server/errors.ts), which the error handler maps to an HTTP status in one place, so a service runs the same from any caller.',
};

/** Every message ends with where the rules are written down. */
const SEE = ' See docs/architecture.md "Layers and dependency rules".';

const externalOnly = {
  domain: new Set(['zod', 'decimal.js']),
};

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const fileRel = path.relative(root, context.filename);
    const from = layerOf(fileRel);
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (from.layer === 'domain' && !externalOnly.domain.has(source)) {
          context.report({ node, message: `Forbidden import '${source}' in src/domain. ${WHY.domain}${SEE}` });
        }
        if (from.area === 'routes' && /^(kysely|pg|@electric-sql\/pglite)/.test(source)) {
          context.report({ node, message: `Forbidden import '${source}' in a route. ${WHY.routesSql}${SEE}` });
        }
        return;
      }
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const to = layerOf(target);
      const name = (l) => (l.layer === 'server' && l.area ? `server/${l.area}` : l.layer);
      const report = (why) =>
        context.report({ node, message: `Forbidden import '${source}' (${name(from)} -> ${name(to)}). ${why}${SEE}` });
      if (from.layer === 'domain' && to.layer !== 'domain') return report(WHY.domain);
      if (from.layer === 'contracts' && !['domain', 'contracts'].includes(to.layer)) return report(WHY.contracts);
      const client = ['api', 'db', 'ui', 'device', 'features', 'app', 'pos', 'storefront', 'sync', 'sw'];
      if (client.includes(from.layer) && to.layer === 'server') return report(WHY.clientServer);
      if (from.layer === 'server' && client.includes(to.layer)) return report(WHY.serverClient);
      if (
        ['api', 'db', 'sync'].includes(from.layer) &&
        ['ui', 'device', 'features', 'app', 'pos', 'storefront'].includes(to.layer)
      )
        return report(WHY.lowerUp);
      if (['pos', 'storefront', 'features', 'device'].includes(from.layer) && to.layer === 'app')
        return report(WHY.shell);
      if (from.layer === 'device' && ['ui', 'features', 'pos', 'storefront'].includes(to.layer))
        return report(WHY.device);
      if (from.layer === 'features' && ['pos', 'storefront'].includes(to.layer)) return report(WHY.features);
      if (['pos', 'storefront'].includes(from.layer) && ['pos', 'storefront'].includes(to.layer)) {
        if (from.layer !== to.layer || from.area !== to.area) return report(WHY.areas);
      }
      if (from.layer === 'ui' && ['app', 'pos', 'storefront', 'features', 'device'].includes(to.layer))
        return report(WHY.ui);
      if (from.layer === 'server' && from.area === 'routes' && to.area === 'db') return report(WHY.routesSql);
      if (from.layer === 'server' && from.area === 'db' && ['sync', 'services', 'commands', 'routes'].includes(to.area))
        return report(WHY.dbUp);
      if (from.layer === 'server' && from.area === 'services' && ['http', 'routes'].includes(to.area))
        return report(WHY.servicesHttp);
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
