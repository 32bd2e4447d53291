/**
 * The sync endpoints (docs/architecture.md "Sync protocol"). Thin: parse with the contracts, resolve the
 * actor from the session, call the services. Both need a signed-in user; what each mutation may do
 * is decided per applier (staff-only or owner) inside the push.
 */
import type { FastifyInstance } from 'fastify';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { discardRequestSchema, type DiscardReply, type DiscardRequest } from '../../src/contracts/sync-discard';
import { pokeQuerySchema } from '../../src/contracts/sync-poke';
import { pullQuerySchema, type PullReply } from '../../src/contracts/sync-pull';
import { pushRequestSchema, type PushReply } from '../../src/contracts/sync-push';
import type { SessionUser } from '../../src/contracts/session';
import { SIGNED_IN, STAFF } from '../auth/access';
import { HttpError, unauthorized } from '../http/errors';
import { ServiceError } from '../errors';
import { parse } from '../http/parse';
import type { Actor } from '../commands/actor';
import { packedReplyText } from './pull-packed';
import type { PullService } from './pull-service';
import { PushRefused, type PushService } from './push-service';
import type { Viewer } from './pull-sources';
import type { PokeHub } from './poke-hub';
import type { SyncObserver } from '../http/metrics';
import { SHUTDOWN_RETRY_MS } from '../shutdown';

export interface SyncRouteDeps {
  push: PushService;
  pull: PullService;
  /** Records a conflict staff discarded (server/sync/discard-service.ts). */
  discard: (req: DiscardRequest, actor: Actor) => Promise<DiscardReply>;
  /** The poke streams of this process (poke-hub.ts). */
  poke: PokeHub;
  /** Push and pull figures for GET /metrics (server/http/metrics.ts); optional for tests. */
  observe?: SyncObserver;
}

/**
 * The push's actor: a kiosk device account pushes as itself (kind 'staff': its account is a
 * staff_users row and its device a staff-registered sync client) with role 'kiosk', which the door
 * (door.ts) lets through for kiosk orders only (docs/decisions/storefront.md "Kiosk"). It never pulls.
 */
function pushActorOf(user: SessionUser | null): Actor {
  if (user?.kind === 'device' && user.role === 'kiosk') return { kind: 'staff', id: user.id, role: 'kiosk' };
  return actorOf(user);
}

function actorOf(user: SessionUser | null): Actor {
  // A kiosk device account has no sync rights (server/auth/permissions.ts 'sync.exchange').
  if (!user || user.kind === 'device') throw unauthorized();
  return { kind: user.kind, id: user.id, role: user.role };
}

export function syncRoutes(app: FastifyInstance, deps: SyncRouteDeps): void {
  app.post(
    '/sync/push',
    { config: { access: [...SIGNED_IN, 'kiosk'] } },
    async (req, reply): Promise<PushReply | undefined> => {
      const body = parse(pushRequestSchema, req.body);
      if (body.protocolVersion !== PROTOCOL_VERSION) {
        throw new HttpError(
          409,
          'protocol_mismatch',
          `This app speaks sync protocol ${body.protocolVersion}; the server speaks ${PROTOCOL_VERSION}. Reload to update.`,
        );
      }
      try {
        const pushed = await deps.push.push(body.clientId, body.mutations, pushActorOf(req.user), body.devicePrefix);
        deps.observe?.pushed('ok', pushed);
        return pushed;
      } catch (err) {
        deps.observe?.pushed(err instanceof PushRefused || err instanceof ServiceError ? 'refused' : 'failed');
        if (err instanceof PushRefused) {
          void reply.code(err.status).send({ error: err.code, message: err.message, ...err.extra });
          return undefined;
        }
        if (err instanceof ServiceError) throw err;
        // Anything else is the database or the server: nothing of the failing mutation committed.
        req.log.warn({ err }, 'sync push failed; client will retry');
        void reply
          .code(503)
          .header('Retry-After', '5')
          .send({ error: 'unavailable', message: 'The server could not save changes right now; they stay queued.' });
        return undefined;
      }
    },
  );

  // Staff only (a shopper 403, a guest 401): only staff may discard a conflict, and the server keeps who did.
  app.post('/sync/discard', { config: { access: STAFF } }, (req): Promise<DiscardReply> => {
    const body = parse(discardRequestSchema, req.body);
    return deps.discard(body, actorOf(req.user));
  });

  /**
   * Server-Sent Events: `event: poke` with `data: {"version":V}` when something changed (and once
   * at once with the head version), a comment every 25 s. Staff devices only (a shopper 403, a
   * guest 401): shoppers' devices pull nothing live. docs/decisions/sync.md "Poke".
   */
  app.get('/sync/poke', { config: { access: STAFF } }, (req, reply) => {
    const { clientId } = parse(pokeQuerySchema, req.query);
    const res = reply.raw;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // The hub ends a stream for a shutdown (or the device's newer stream): reconnect soon, elsewhere.
      res.end(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
    };
    // One stream per device of a signed-in staff member: keyed by who asks as well, so a session
    // naming another member's device id gets its own stream instead of ending theirs.
    const close = deps.poke.open(`${req.user!.id}/${clientId}`, {
      poke: (version) => res.write(`event: poke\ndata: {"version":${version}}\n\n`),
      heartbeat: () => res.write(': ping\n\n'),
      end,
    });
    if (!close) {
      void reply
        .code(503)
        .header('Retry-After', '10')
        .send({ error: 'unavailable', message: 'Too many live connections; this device syncs on its timer.' });
      return reply;
    }
    void reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The client reconnects on its own backoff (sync/poke-stream.ts); this is EventSource's own.
    res.write('retry: 5000\n\n');
    req.raw.on('close', () => {
      ended = true;
      close();
    });
    return reply;
  });

  app.get('/sync/pull', { config: { access: SIGNED_IN } }, async (req, reply): Promise<PullReply | string> => {
    const q = parse(pullQuerySchema, req.query);
    const actor = actorOf(req.user);
    const viewer: Viewer =
      actor.kind === 'staff' ? { kind: 'staff', role: actor.role } : { kind: 'customer', customerId: actor.id };
    const page = await deps.pull.pull(q, viewer, actor);
    deps.observe?.pulled(q.clientId, page.reply.changes.length + page.packed.reduce((n, b) => n + b.count, 0), q.queue);
    if (page.packed.length === 0) return page.reply;
    // The blocks are JSON text from the database: spliced in, never parsed here (pull-packed.ts).
    void reply.type('application/json; charset=utf-8');
    return packedReplyText(page.reply, page.packed);
  });
}
