/**
 * A minimal SMTP submission client on node:net / node:tls (no mail library is installed), enough
 * to hand a receipt to the shop's mail server (selected with SMTP_URL):
 *
 *   smtp://[user:pass@]host[:587][?starttls=off][&insecure=1]   plain, upgraded with STARTTLS
 *                                                               whenever the server offers it
 *   smtps://[user:pass@]host[:465][?insecure=1]                 TLS from the first byte
 *
 * One connection per message: EHLO (HELO fallback), STARTTLS, AUTH PLAIN or LOGIN when
 * credentials are given (only over TLS unless insecure=1), MAIL FROM, RCPT TO, DATA, QUIT.
 * `insecure=1` accepts self-signed certificates and plain-text AUTH: for a local test server only.
 * Not done: pooling, pipelining, DSN, 8BITMIME/SMTPUTF8 (the message is 7-bit base64 MIME anyway).
 */
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { addressOf, buildMessage, dotStuff } from './smtp-message';
import type { Mailer, MailMessage } from './types';

interface Reply {
  code: number;
  lines: string[];
}

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs?: number;
  /** Extra TLS options (tests pass `ca` for their own certificate). */
  tls?: tls.ConnectionOptions;
}

/** Reads SMTP replies (multi-line "250-" ... "250 ") from whichever socket is current. */
class Conversation {
  private buffer = '';
  private replies: Reply[] = [];
  private partial: string[] = [];
  private waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(public socket: net.Socket, timeoutMs: number) {
    this.attach(socket, timeoutMs);
  }

  attach(socket: net.Socket, timeoutMs: number): void {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP server did not answer in time')));
    socket.on('data', (chunk: string) => this.feed(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('SMTP connection closed')));
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let i: number;
    while ((i = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 2);
      this.partial.push(line.slice(4));
      if (line[3] !== '-') {
        this.replies.push({ code: Number(line.slice(0, 3)), lines: this.partial });
        this.partial = [];
      }
    }
    this.flush();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.flush();
  }

  private flush(): void {
    if (!this.waiting) return;
    const next = this.replies.shift();
    const w = this.waiting;
    if (next) {
      this.waiting = null;
      w.resolve(next);
    } else if (this.failure) {
      this.waiting = null;
      w.reject(this.failure);
    }
  }

  read(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.flush();
    });
  }

  async send(line: string, expect: number[], shown = line): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(expect, shown);
  }

  async expect(codes: number[], what: string): Promise<Reply> {
    const r = await this.read();
    if (!codes.includes(r.code)) throw new Error(`SMTP ${what.split(' ')[0] ?? what}: ${r.code} ${r.lines.join(' ')}`.trim());
    return r;
  }
}

export class SmtpMailer implements Mailer {
  readonly name: string;
  private readonly u: URL;
  private readonly secure: boolean;
  private readonly insecure: boolean;

  constructor(private readonly opts: SmtpOptions) {
    this.u = new URL(opts.url);
    if (this.u.protocol !== 'smtp:' && this.u.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${this.u.protocol})`);
    this.secure = this.u.protocol === 'smtps:';
    this.insecure = this.u.searchParams.get('insecure') === '1';
    this.name = `${this.u.protocol}//${this.u.hostname}:${this.port}`;
  }

  private get port(): number {
    return this.u.port ? Number(this.u.port) : this.secure ? 465 : 587;
  }

  private tlsOptions(socket?: net.Socket): tls.ConnectionOptions {
    return { host: this.u.hostname, port: this.port, servername: net.isIP(this.u.hostname) ? undefined : this.u.hostname, rejectUnauthorized: !this.insecure, ...(socket ? { socket } : {}), ...this.opts.tls };
  }

  async send(m: MailMessage): Promise<void> {
    const timeout = this.opts.timeoutMs ?? 30_000;
    const socket = await this.connect();
    const c = new Conversation(socket, timeout);
    try {
      await c.expect([220], 'greeting');
      let ext = await this.hello(c);
      let encrypted = this.secure;
      if (!encrypted && ext.includes('STARTTLS') && this.u.searchParams.get('starttls') !== 'off') {
        await c.send('STARTTLS', [220]);
        c.socket.removeAllListeners();
        c.attach(await this.upgrade(c.socket), timeout);
        encrypted = true;
        ext = await this.hello(c);
      }
      if (this.u.username) await this.auth(c, ext, encrypted);
      await c.send(`MAIL FROM:<${addressOf(this.opts.from)}>`, [250]);
      await c.send(`RCPT TO:<${addressOf(m.to)}>`, [250, 251]);
      await c.send('DATA', [354]);
      c.socket.write(dotStuff(buildMessage(this.opts.from, m, new Date())));
      await c.expect([250], 'DATA');
      await c.send('QUIT', [221]).catch(() => undefined);
    } finally {
      c.socket.removeAllListeners();
      c.socket.on('error', () => undefined);
      c.socket.destroy();
    }
  }

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const s = this.secure
        ? tls.connect(this.tlsOptions(), () => resolve(s))
        : net.connect({ host: this.u.hostname, port: this.port }, () => resolve(s));
      s.once('error', reject);
    });
  }

  private upgrade(socket: net.Socket): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const s = tls.connect(this.tlsOptions(socket), () => resolve(s));
      s.once('error', reject);
    });
  }

  /** EHLO (extension keywords, upper-case) with a HELO fallback for very old servers. */
  private async hello(c: Conversation): Promise<string[]> {
    const name = os.hostname() || 'localhost';
    try {
      const r = await c.send(`EHLO ${name}`, [250]);
      return r.lines.slice(1).map((l) => l.toUpperCase());
    } catch (err) {
      if (c.socket.destroyed) throw err;
      await c.send(`HELO ${name}`, [250]);
      return [];
    }
  }

  private async auth(c: Conversation, ext: string[], encrypted: boolean): Promise<void> {
    if (!encrypted && !this.insecure) throw new Error('SMTP: refusing to send the password without TLS (the server offers no STARTTLS)');
    const user = decodeURIComponent(this.u.username);
    const pass = decodeURIComponent(this.u.password);
    const mechanisms = ext.find((l) => l.startsWith('AUTH'))?.split(/[ =]/).slice(1) ?? ['PLAIN'];
    if (mechanisms.includes('PLAIN') || !mechanisms.includes('LOGIN')) {
      await c.send(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`, [235], 'AUTH PLAIN');
      return;
    }
    await c.send('AUTH LOGIN', [334]);
    await c.send(Buffer.from(user).toString('base64'), [334], 'AUTH username');
    await c.send(Buffer.from(pass).toString('base64'), [235], 'AUTH password');
  }
}
