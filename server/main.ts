// config -> database -> migrations -> demo data (first start) -> app -> listen.
// Start-up failures end with ONE clear line on stderr and exit code 1, never a stack trace.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { isClusterPrimary, PREPARED_ENV, runPrimary, workerSlot } from './cluster';
import { loadConfig, type Config } from './config';
import { backup, BACKUP_PID_FILE, scheduleBackups } from './db/backup';
import { DatabaseOpenError, openDatabase, type OpenDatabase } from './db/database';
import { hasDemoData, seedDemoData } from './db/demo/generate';
import { migrateToLatest } from './db/migrate';
import { withStartLock } from './db/start-lock';
import { seedDemoHistory } from './services/demo/demo-history';
import { CLUSTER_DRAIN_MS, gracefulShutdown, installDrain } from './shutdown';
import { listenHttps, type HttpsListener } from './http/https-listener';
import type { DeviceSetup } from './routes/device-setup';
import { preferredLanName } from './tls/host-names';
import { ServerTls } from './tls/server-tls';

/** How often a running server checks its certificate (renewal, changed addresses, new files). */
const TLS_CHECK_MS = 12 * 3_600_000;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Migrations, then a fresh install's demo data: one process at a time (server/db/start-lock.ts). */
async function prepareOrFail(open: OpenDatabase, config: Config, log: (line: string) => void): Promise<void> {
  try {
    await withStartLock(open.databaseUrl, async () => {
      const { schemaVersion } = await migrateToLatest(open.db);
      log(`database: schema version ${schemaVersion}`);
      if (config.demoData && !(await hasDemoData(open.db))) {
        log(`demo data: first start, generating ${config.demoParts} parts...`);
        const result = await seedDemoData(open.db, { parts: config.demoParts, log });
        log(`demo data: ${result.parts} parts, ${result.customers} customers in ${(result.ms / 1000).toFixed(1)} s`);
        // The last weeks' sales, the next days' appointments and a few purchase orders, made as the counter makes them.
        const history = await seedDemoHistory(open.db, { log });
        log(
          `demo history: ${history.orders} orders, ${history.appointments} appointments, ${history.purchaseOrders} purchase orders in ${(history.ms / 1000).toFixed(1)} s`,
        );
      }
    });
  } catch (err) {
    await open.close().catch(() => undefined);
    fail(`Cannot prepare database at ${open.location}: ${(err as Error).message}`);
  }
}

async function openOrFail(config: Config): Promise<OpenDatabase> {
  try {
    return await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (err) {
    if (err instanceof DatabaseOpenError) fail(err.message);
    fail(`Cannot open database at ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    fail(`Cannot start Partsdesk: ${(err as Error).message}`);
  }
  const log = (line: string) => process.stdout.write(`${line}\n`);
  if (isClusterPrimary(config.workers)) {
    return runPrimary({
      workers: config.workers,
      port: config.port,
      databaseUrl: config.databaseUrl,
      prepare: async () => {
        const open = await openOrFail(config);
        log(`database: ${open.engine} at ${open.location}`);
        await prepareOrFail(open, config, log);
        await open.close();
      },
      log,
      fail,
    });
  }
  const slot = workerSlot();

  const open = await openOrFail(config);
  if (slot === null) log(`database: ${open.engine} at ${open.location}`);

  // WORKERS: the primary prepared the database before forking (server/cluster.ts).
  if (!process.env[PREPARED_ENV]) await prepareOrFail(open, config, log);

  // HTTPS to the shop network: the certificate is ready (made on first start) before anything listens.
  // Unless HTTPS was asked for (server/config.ts `required`), a failure leaves plain HTTP serving.
  const warn = (line: string) => process.stderr.write(`${line}\n`);
  let tls = config.tls.kind === 'off' ? null : new ServerTls(config.tls);
  const tlsRequired = config.tls.kind !== 'off' && config.tls.required;
  if (tls) {
    try {
      const line = await tls.refresh();
      if (line) log(line);
    } catch (err) {
      const line = `Cannot set up HTTPS: ${(err as Error).message}`;
      if (tlsRequired) {
        await open.close().catch(() => undefined);
        fail(`${line}. Set TLS=off to serve plain HTTP only.`);
      }
      warn(`${line}: serving plain HTTP only (TLS=off silences this).`);
      tls = null;
    }
  }
  const deviceSetup: DeviceSetup = {
    httpsPort: tls && config.tls.kind !== 'off' ? config.tls.port : null,
    tls: () => tls?.current ?? null,
  };

  const app = await buildApp({
    db: open.db,
    engine: open.engine,
    staticDir: config.staticDir,
    sessionTtlMs: config.sessionTtlMs,
    secureCookies: config.secureCookies,
    logLevel: config.logLevel,
    publicUrl: config.publicUrl,
    staffTokenSecret: config.staffTokenSecret,
    metricsToken: config.metricsToken,
    tagManagerId: config.tagManagerId,
    mapTiles: config.mapTiles,
    pool: open.pool,
    adapters: {
      notify: config.notify,
      terminal: config.terminal,
      distributor: config.distributor,
      geolocation: config.geolocation,
      captcha: config.captcha,
    },
    // Several server processes on one PostgreSQL database hear each other's pokes (LISTEN/NOTIFY).
    poke: { databaseUrl: open.databaseUrl },
    deviceSetup,
    trustProxy: config.trustProxy,
    // New devices start from a prebuilt catalog snapshot, rebuilt in the background (docs/decisions/sync.md "First-sync snapshots").
    snapshots: { build: config.syncSnapshots },
  });
  const drain = installDrain(app);

  const backupDir = path.join(config.dataDir, 'backups');
  // Under WORKERS, worker 1 alone writes the scheduled backups.
  const stopBackups =
    config.backupEveryMs > 0 && (slot === null || slot === 1)
      ? scheduleBackups(open, backupDir, config.backupEveryMs, config.backupKeep)
      : () => undefined;

  let https: HttpsListener | null = null;
  let tlsTimer: NodeJS.Timeout | undefined;
  const shutdown = gracefulShutdown({
    app,
    drain,
    // A cluster worker drains a moment even when SHUTDOWN_DRAIN_MS is 0 (server/shutdown.ts
    // CLUSTER_DRAIN_MS): nothing in front of it retries a connection it closes.
    drainMs: slot === null ? config.shutdownDrainMs : Math.max(config.shutdownDrainMs, CLUSTER_DRAIN_MS),
    log,
    closeAlso: async () => {
      await https?.close();
    },
    finish: async () => {
      stopBackups();
      clearInterval(tlsTimer);
      await open.close();
    },
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A scheduled backup only needs the open database; expose a manual one for operators.
  process.on('SIGUSR2', () => void backup(open, backupDir).then((file: string) => log(`backup: ${file}`)));
  // `npm run backup` signals only a process that announced it answers SIGUSR2 (the lock alone
  // names whoever holds the directory, which need not be a server).
  const backupPidFile = path.join(config.dataDir, BACKUP_PID_FILE);
  if (open.engine === 'pglite') {
    fs.writeFileSync(backupPidFile, `${process.pid}\n`);
    process.on('exit', () => fs.rmSync(backupPidFile, { force: true }));
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await open.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    fail(
      code === 'EADDRINUSE'
        ? `Cannot listen on port ${config.port}: it is already in use. Set PORT to another port.`
        : `Cannot listen on port ${config.port}: ${(err as Error).message}`,
    );
  }
  if (tls && config.tls.kind !== 'off') {
    try {
      https = await listenHttps(app, { port: config.tls.port, host: config.host, ...tls.current });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'EADDRINUSE' ? 'it is already in use' : (err as Error).message;
      const line = `Cannot listen on HTTPS port ${config.tls.port}: ${why}`;
      if (tlsRequired) {
        await app.close().catch(() => undefined);
        await open.close().catch(() => undefined);
        fail(`${line}. Set HTTPS_PORT to another port (or TLS=off).`);
      }
      warn(`${line}: serving plain HTTP only. Set HTTPS_PORT to another port (or TLS=off).`);
      // The set-up page then offers no https address that nothing answers.
      deviceSetup.httpsPort = null;
      deviceSetup.tls = () => null;
    }
  }
  if (tls && https) {
    deviceSetup.httpsPort = https.port;
    const listener = https;
    tlsTimer = setInterval(() => {
      tls
        .refresh()
        .then((line) => {
          if (!line) return;
          log(line);
          listener.setCertificate(tls.current.key, tls.current.cert);
        })
        .catch((err: unknown) => app.log.error({ err }, 'https: certificate check failed'));
    }, TLS_CHECK_MS).unref();
    const lan = preferredLanName(tls.current.names) ?? 'localhost';
    const host = lan.includes(':') ? `[${lan}]` : lan;
    if (slot === null)
      log(
        `Tablets open https://${host}:${https.port}/ (first time on a device: http://${host}:${config.port}/setup/device)`,
      );
  }
  // A cluster worker says nothing: its primary announces the whole server (server/cluster.ts).
  if (slot === null) log(`Partsdesk is ready on http://localhost:${config.port}`);
}

void main();
