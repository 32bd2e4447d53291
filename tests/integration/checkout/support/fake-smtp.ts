/**
 * A small SMTP server for testing the SMTP adapter: EHLO/HELO, STARTTLS (when given a key and
 * certificate), implicit TLS, AUTH PLAIN and LOGIN against one user, MAIL/RCPT/DATA/QUIT.
 * Recipients at reject.test are refused (550). Received messages are kept with how they came.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export interface Received {
  from: string;
  to: string[];
  data: string;
  secure: boolean;
  user: string | null;
}

export interface FakeSmtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** Offer STARTTLS (plain listener) or speak TLS from the start (implicit). */
  tls?: { key: string; cert: string; implicit?: boolean };
  user?: string;
  pass?: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost (null when openssl is not installed). */
export function selfSigned(): { key: string; cert: string } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-smtp-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { cwd: dir, stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakeSmtp(opts: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: Received[] = [];
  const session = (raw: net.Socket, secureFromStart: boolean) => {
    let socket: net.Socket = raw;
    let secure = secureFromStart;
    let buffer = '';
    let inData = false;
    let user: string | null = null;
    let loginStep: 0 | 1 | 2 = 0;
    let loginUser = '';
    let mail: Received = { from: '', to: [], data: '', secure, user };
    const say = (line: string) => socket.write(`${line}\r\n`);
    const check = (u: string, p: string) => (u === opts.user && p === opts.pass ? ((user = u), say('235 ok')) : say('535 bad credentials'));
    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push({ ...mail, secure, user });
          return say('250 queued');
        }
        mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        return;
      }
      if (loginStep === 1) return ((loginUser = Buffer.from(line, 'base64').toString()), (loginStep = 2), say('334 UGFzc3dvcmQ6'));
      if (loginStep === 2) return ((loginStep = 0), check(loginUser, Buffer.from(line, 'base64').toString()));
      const [verb = '', ...rest] = line.split(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return say(['250-fake', '250-AUTH PLAIN LOGIN', ...(opts.tls && !secure ? ['250-STARTTLS'] : []), '250 8BITMIME'].join('\r\n'));
        case 'STARTTLS': {
          say('220 go ahead');
          const key = opts.tls?.key;
          const cert = opts.tls?.cert;
          socket.removeAllListeners('data');
          const t = new tls.TLSSocket(socket, { isServer: true, key, cert });
          socket = t;
          secure = true;
          t.setEncoding('utf8');
          t.on('data', onData);
          t.on('error', () => undefined);
          return;
        }
        case 'AUTH': {
          if (rest[0]?.toUpperCase() === 'LOGIN') return ((loginStep = 1), say('334 VXNlcm5hbWU6'));
          const [, u = '', p = ''] = Buffer.from(rest[1] ?? '', 'base64').toString().split('\0');
          return check(u, p);
        }
        case 'MAIL':
          mail = { from: /<(.*)>/.exec(line)?.[1] ?? '', to: [], data: '', secure, user };
          return say('250 ok');
        case 'RCPT': {
          const to = /<(.*)>/.exec(line)?.[1] ?? '';
          if (to.endsWith('@reject.test')) return say('550 no such user');
          mail.to.push(to);
          return say('250 ok');
        }
        case 'DATA':
          inData = true;
          return say('354 end with .');
        case 'QUIT':
          say('221 bye');
          return socket.end();
        default:
          return say('502 not implemented');
      }
    };
    const onData = (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        onLine(line);
      }
    };
    raw.setEncoding('utf8');
    raw.on('data', onData);
    raw.on('error', () => undefined);
    say('220 fake ESMTP');
  };
  const server = opts.tls?.implicit ? tls.createServer({ key: opts.tls.key, cert: opts.tls.cert }, (s) => session(s, true)) : net.createServer((s) => session(s, false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text/plain and text/html parts of a received multipart message. */
export function partsOf(data: string): { headers: string; text: string; html: string } {
  const [headers = '', ...rest] = data.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const decode = (type: string) => {
    const m = new RegExp(`Content-Type: ${type}[^]*?\\r\\n\\r\\n([A-Za-z0-9+/=\\r\\n]+)`).exec(body);
    return m ? Buffer.from(m[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8') : '';
  };
  return { headers, text: decode('text/plain'), html: decode('text/html') };
}
