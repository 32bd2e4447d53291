/**
 * How the app answers what no route answered and what a route threw: a page navigation gets the
 * app shell (with its server-rendered first screen where there is one, http/first-screen.ts), an
 * API call an `ApiError` — a ServiceError's own status, Fastify's 4xx as they are, a value the
 * database cannot hold as 400, anything else as 500 with no detail (logged).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../src/contracts/api-error';
import { ServiceError } from '../errors';
import { statusOf } from './errors';
import { encodePage, type FirstScreen } from './first-screen';
import { isDataException } from './input-guard';
import { isNavigation } from './navigation';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

export function installErrorHandling(
  app: FastifyInstance,
  staticDir: string,
  firstScreen: FirstScreen,
  tagManager = false,
  tileOrigin: string | null = null,
): void {
  const indexFile = path.join(staticDir, 'index.html');

  app.setNotFoundHandler(async (req, reply) => {
    if (isNavigation(req) && fs.existsSync(indexFile)) {
      // The catalog and product links come with their first screen; it is this caller's own (prices
      // follow the session), so no shared cache may keep it (http/first-screen.ts).
      // A link to nothing is 404 with the not-found page (http/first-screen.ts).
      const { html: page, status } = await firstScreen.page(req);
      void reply.code(status);
      if (page !== null) {
        const { body, encoding } = encodePage(page, req.headers['accept-encoding']);
        if (encoding) reply.header('Content-Encoding', encoding);
        // This page's own inline scripts (the shell's and the first-screen starter), by hash.
        reply.header(
          'Content-Security-Policy',
          contentSecurityPolicy(inlineScriptHashes(page), tagManager, tileOrigin),
        );
        return reply
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding, Cookie')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    const body: ApiError = {
      error: 'not_found',
      message: `No such call: ${req.method} ${req.url.split('?')[0] ?? ''}`,
    };
    return reply.code(404).send(body);
  });

  app.setErrorHandler((err: FastifyError | ServiceError, req, reply) => {
    if (err instanceof ServiceError) {
      const body: ApiError = { error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
      return reply.code(statusOf(err)).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large, ...
      const body: ApiError = { error: err.code ?? 'bad_request', message: err.message };
      return reply.code(status).send(body);
    }
    if (isDataException(err)) {
      // A value the database cannot hold (a number out of range, ...) that no contract caught yet.
      req.log.warn({ err }, 'data exception answered 400');
      const message = 'A value is out of range or not allowed.';
      const body: ApiError = { error: 'invalid_input', message, fields: { _: [message] } };
      return reply.code(400).send(body);
    }
    req.log.error({ err }, 'unhandled error');
    const body: ApiError = { error: 'internal', message: 'A system error occurred. Contact your administrator.' };
    return reply.code(500).send(body);
  });
}
