/**
 * The real app on a private copy of the seeded database with cheap proof-of-work captcha
 * challenges (tests/support/captcha.ts solves them) and a mailer that records what it was asked
 * to send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AltchaCaptcha } from '../../../server/adapters/captcha/altcha';
import {
  DeliveryError,
  type Mailer,
  type MailMessage,
  type SmsMessage,
  type SmsSender,
} from '../../../server/adapters/notify/types';
import { buildApp } from '../../../server/app';
import { openDatabase, type Engine, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { DB } from '../../../server/db/schema';
import { CHEAP_CAPTCHA } from '../../support/captcha';
import { copyTemplate } from '../../support/engines';

export class RecordingMailer implements Mailer {
  readonly name = 'recording';
  readonly sent: MailMessage[] = [];
  fail = false;
  send(message: MailMessage): Promise<void> {
    // A refusal for good, like the simulators' rule failures (docs/decisions/notifications.md).
    if (this.fail) return Promise.reject(new DeliveryError('Mailbox unavailable', true));
    this.sent.push(message);
    return Promise.resolve();
  }
}

class NoSms implements SmsSender {
  readonly name = 'none';
  send(_m: SmsMessage): Promise<void> {
    return Promise.resolve();
  }
}

export interface ProductServer {
  app: FastifyInstance;
  open: OpenDatabase;
  db: Kysely<DB>;
  url: string;
  captcha: AltchaCaptcha;
  /** The recording mailer, unless the test handed in its own (`opts.mailer`). */
  mailer: RecordingMailer;
  /** The built client's stand-in (index.html, and whatever a test writes next to it). */
  staticDir: string;
  close(): Promise<void>;
}

export async function startProductServer(engine: Engine, opts: { mailer?: Mailer } = {}): Promise<ProductServer> {
  const cfg = await copyTemplate(engine);
  const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
  await migrateToLatest(open.db);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-shell-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Partsdesk</title>');
  const captcha = new AltchaCaptcha(open.db, CHEAP_CAPTCHA);
  const mailer = new RecordingMailer();
  const app = await buildApp({
    db: open.db,
    engine: open.engine,
    staticDir,
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'fatal',
    loginLimitPerMinute: 100_000,
    captcha,
    // No background round: a test drives the outbox's retries itself (NotificationSender.runDue).
    checkout: { mailer: opts.mailer ?? mailer, sms: new NoSms(), notifyPollMs: 0 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    open,
    db: open.db,
    url,
    captcha,
    mailer,
    staticDir,
    async close() {
      await app.close();
      await open.close();
      await cfg.cleanup();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}
