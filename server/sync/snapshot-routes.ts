/**
 * First-sync snapshots over HTTP (docs/decisions/sync.md "First-sync snapshots"): the manifest
 * (which snapshot a new device may start from) and the immutable file itself. Staff only, like the
 * data in it; an admin is offered none (its pull carries product cost, the snapshot does not).
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { SNAPSHOT_NAME, snapshotQuerySchema, type SnapshotReply } from '../../src/contracts/sync-snapshot';
import { STAFF } from '../auth/access';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import type { SnapshotService } from './snapshot-service';

export function snapshotRoutes(app: FastifyInstance, snapshots: SnapshotService): void {
  // Changes whenever a new snapshot is built: never cached.
  app.get('/sync/snapshot', { config: { access: STAFF } }, async (req, reply): Promise<SnapshotReply> => {
    const { schema } = parse(snapshotQuerySchema, req.query);
    void reply.header('cache-control', 'no-store');
    const s = req.user?.role === 'admin' || schema !== snapshots.schema ? null : await snapshots.latest(schema);
    return {
      snapshot: s
        ? { url: `/sync/snapshot/${s.name}`, version: s.version, rows: s.rows, parts: s.parts, bytes: s.bytes }
        : null,
    };
  });

  // Immutable: a name is never reused (it carries the version and 128 random bits). `private`: it
  // holds stock levels and customers, so browsers and the service worker may keep it, shared proxies not.
  app.get('/sync/snapshot/:name', { config: { access: STAFF } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const body = SNAPSHOT_NAME.test(name) && req.user?.role !== 'admin' ? await snapshots.body(name) : null;
    if (!body) throw notFound('No such snapshot; pull from the beginning instead.');
    void reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${name}"`)
      .header('vary', 'accept-encoding');
    // Stored gzip-compressed: sent as it is to every client that takes gzip (every browser), unpacked for one that does not.
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').header('content-length', body.length).send(body);
    }
    return reply.send(Readable.from([body]).pipe(zlib.createGunzip()));
  });
}
