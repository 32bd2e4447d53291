/**
 * Graceful shutdown (server/shutdown.ts) and the rate-limit store on a shared counter
 * (server/http/rate-limit-store.ts), on bare Fastify apps: two apps sharing one counter stand for two
 * server processes sharing the database's.
 */
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { rateLimitStore } from '../../../server/http/rate-limit-store';
import { MemoryHitCounter } from '../../../server/services/session/hit-counter';
import { gracefulShutdown, installDrain } from '../../../server/shutdown';

async function appWith(counter: MemoryHitCounter) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: rateLimitStore(counter) });
  const drain = installDrain(app);
  app.get('/healthz', () => ({ status: 'ok' }));
  app.post('/login', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, () => ({ ok: true }));
  app.post('/other', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, () => ({ ok: true }));
  return { app, drain };
}

describe('rate limits through a shared counter', () => {
  it('counts one route across two apps, and each route apart', async () => {
    const counter = new MemoryHitCounter();
    const [a, b] = [await appWith(counter), await appWith(counter)];
    const codes = [];
    for (const x of [a, b, a, b]) codes.push((await x.app.inject({ method: 'POST', url: '/login' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await b.app.inject({ method: 'POST', url: '/other' })).statusCode).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('drains (/healthz 503, replies close their connection), then closes the app, finishes and exits 0', async () => {
    const { app, drain } = await appWith(new MemoryHitCounter());
    const steps: string[] = [];
    app.addHook('onClose', (_instance, done) => {
      steps.push('closed');
      done();
    });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    let exitCode: number | null = null;
    const shutdown = gracefulShutdown({
      app: { close: async () => (steps.push('close'), expect(drain.draining).toBe(true), await app.close()) } as never,
      drain,
      drainMs: 0,
      log: (line) => steps.push(line),
      finish: () => {
        steps.push('finish');
        return Promise.resolve();
      },
      exit: (code) => {
        exitCode = code;
      },
    });
    drain.start();
    const draining = await app.inject('/healthz');
    expect(draining.statusCode).toBe(503);
    expect(draining.headers.connection).toBe('close');
    expect((await app.inject({ method: 'POST', url: '/other' })).headers.connection).toBe('close');
    await shutdown('SIGTERM');
    await shutdown('SIGTERM'); // a second signal while closing does nothing more
    expect(steps).toEqual(['SIGTERM: draining, then closing', 'close', 'closed', 'finish']);
    expect(exitCode).toBe(0);
  });
});
