/**
 * A real SMTP server on loopback for testing the mail adapter and the retrying sender (the
 * `smtp-server` package, dev dependency): plain, STARTTLS (given a key and certificate) or implicit
 * TLS; AUTH PLAIN and LOGIN against one user; recipients at reject.test are refused (550).
 *
 * It can fail the way a shop's mail server fails: `tempFail(true)` answers every message with 451
 * (try again later), `stop()` closes the port (connection refused) and `start()` opens the same
 * port again. Received messages are kept with how they came.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  data: string;
  secure: boolean;
  user: string | null;
  messageId: string;
}

export interface FakeSmtp {
  port: number;
  received: Received[];
  /** Connections opened so far (a pooled transport reuses them). */
  connections: number;
  /** Answer MAIL FROM with 451 (a temporary failure) while on. */
  tempFail(on: boolean): void;
  /** Close the port (clients get "connection refused") / open it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** Offer STARTTLS (plain listener) or speak TLS from the start (implicit). */
  tls?: { key: string; cert: string; implicit?: boolean };
  user?: string;
  pass?: string;
  port?: number;
}

/** A self-signed certificate for 127.0.0.1 and localhost (null when openssl is not installed). */
export function selfSigned(): { key: string; cert: string } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-smtp-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function smtpError(message: string, code: number): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startFakeSmtp(opts: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: Received[] = [];
  let failing = false;
  let connections = 0;
  const make = () =>
    new SMTPServer({
      secure: opts.tls?.implicit ?? false,
      ...(opts.tls
        ? { key: opts.tls.key, cert: opts.tls.cert }
        : { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] }),
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      // A pooled client keeps its connection open: close it at once on stop().
      closeTimeout: 50,
      onConnect(_session, cb) {
        connections += 1;
        cb();
      },
      onAuth(auth, _session, cb) {
        if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
        else cb(smtpError('bad credentials', 535));
      },
      onMailFrom(_address, _session, cb) {
        cb(failing ? smtpError('try again later', 451) : null);
      },
      onRcptTo(address, _session, cb) {
        cb(address.address.endsWith('@reject.test') ? smtpError('no such user', 550) : null);
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const data = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : null,
            messageId: /^Message-ID:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? '',
          });
          cb();
        });
      },
    });
  let server = make();
  let port = opts.port ?? 0;
  const listen = async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => undefined);
    port = (server.server.address() as net.AddressInfo).port;
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  return {
    get port() {
      return port;
    },
    received,
    get connections() {
      return connections;
    },
    tempFail(on) {
      failing = on;
    },
    stop,
    async start() {
      server = make();
      await listen();
    },
    close: stop,
  };
}

/** The decoded text/plain and text/html parts of a received multipart message (7bit, quoted-printable or base64). */
export function partsOf(data: string): { headers: string; text: string; html: string } {
  const [headers = ''] = data.split('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(data)?.[1] ?? '';
  const parts = boundary ? data.split(`--${boundary}`).slice(1) : [];
  const decode = (type: string) => {
    const part = parts.find((p) => p.includes(`Content-Type: ${type}`));
    if (!part) return '';
    const i = part.indexOf('\r\n\r\n');
    const head = part.slice(0, i);
    const body = part.slice(i + 4).replace(/\r\n$/, '');
    const enc = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    if (enc === 'base64') return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
    if (enc === 'quoted-printable') {
      const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')).replace(/\r\n/g, '\n');
    }
    return body.replace(/\r\n/g, '\n');
  };
  return { headers, text: decode('text/plain'), html: decode('text/html') };
}
