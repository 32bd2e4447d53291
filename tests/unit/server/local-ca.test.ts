import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, tlsConfig } from '../../../server/config';
import { machineHostNames, preferredLanName } from '../../../server/tls/host-names';
import { certificateNames, ensureLocalCertificates, RENEW_WITHIN_DAYS } from '../../../server/tls/local-ca';

/**
 * The shop's certificate authority and server certificate (server/tls/local-ca.ts): what the first
 * start makes, what a later start keeps, and when the server certificate is issued again. One CA
 * for the file (RSA keys take a moment); each step reads the files the step before wrote.
 */
const DAY = 86_400_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-tls-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const NAMES = ['localhost', '127.0.0.1', '::1', 'shop-pc', 'shop-pc.local', '192.168.1.20', 'partsdesk.test'];

describe('shop certificate authority (server/tls/local-ca.ts)', () => {
  const start = new Date('2026-11-28T08:00:00Z');
  let firstNotAfter: Date;

  it('first start: a CA and a server certificate for every name and address, keys private', async () => {
    const made = await ensureLocalCertificates({ dir, names: NAMES, now: start });
    expect(made.outcome).toBe('created');
    const ca = new X509Certificate(read('ca.crt'));
    const leaf = new X509Certificate(read('server.crt'));
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca) && leaf.verify(ca.publicKey)).toBe(true);
    expect(certificateNames(leaf)).toEqual([...NAMES].sort());
    expect(leaf.subjectAltName).toContain('DNS:partsdesk.test');
    expect(leaf.subjectAltName).toContain('IP Address:192.168.1.20');
    expect(leaf.keyUsage).toContain('1.3.6.1.5.5.7.3.1'); // serverAuth
    // Under the 398-day limit browsers and Apple set for TLS server certificates.
    expect(new Date(leaf.validTo).getTime() - start.getTime()).toBeLessThan(398 * DAY);
    for (const key of ['ca.key', 'server.key']) expect(fs.statSync(path.join(dir, key)).mode & 0o077).toBe(0);
    expect(made.caCertPem).toBe(read('ca.crt'));
    firstNotAfter = made.notAfter;
  });

  it('a later start keeps both (names in another order are the same names)', async () => {
    const before = [read('ca.crt'), read('server.crt')];
    const again = await ensureLocalCertificates({
      dir,
      names: [...NAMES].reverse(),
      now: new Date(start.getTime() + DAY),
    });
    expect(again.outcome).toBe('kept');
    expect([read('ca.crt'), read('server.crt')]).toEqual(before);
  });

  it(`renews the server certificate, not the CA, when fewer than ${RENEW_WITHIN_DAYS} days are left`, async () => {
    const ca = read('ca.crt');
    const leaf = read('server.crt');
    const kept = await ensureLocalCertificates({
      dir,
      names: NAMES,
      now: new Date(firstNotAfter.getTime() - 31 * DAY),
    });
    expect(kept.outcome).toBe('kept');
    const late = new Date(firstNotAfter.getTime() - 29 * DAY);
    const renewed = await ensureLocalCertificates({ dir, names: NAMES, now: late });
    expect(renewed.outcome).toBe('renewed');
    expect(renewed.reason).toMatch(/^it expires on /);
    expect(read('ca.crt')).toBe(ca);
    expect(read('server.crt')).not.toBe(leaf);
    expect(renewed.notAfter.getTime()).toBeGreaterThan(late.getTime() + 360 * DAY);
  });

  it('re-issues when the addresses change (a new DHCP lease)', async () => {
    const moved = NAMES.map((n) => (n === '192.168.1.20' ? '192.168.1.31' : n));
    const r = await ensureLocalCertificates({ dir, names: moved, now: new Date(firstNotAfter.getTime() - 28 * DAY) });
    expect(r.outcome).toBe('renewed');
    expect(r.reason).toMatch(/host names changed/);
    expect(certificateNames(new X509Certificate(read('server.crt')))).toContain('192.168.1.31');
    expect(certificateNames(new X509Certificate(read('server.crt')))).not.toContain('192.168.1.20');
  });
});

describe('two processes starting at once (node:cluster workers)', () => {
  it('make one CA between them: the second waits for the first and keeps what it made', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-tls-race-'));
    try {
      const [a, b] = await Promise.all([
        ensureLocalCertificates({ dir: fresh, names: NAMES }),
        ensureLocalCertificates({ dir: fresh, names: NAMES }),
      ]);
      expect([a.outcome, b.outcome].sort()).toEqual(['created', 'kept']);
      expect(a.caCertPem).toBe(b.caCertPem);
      expect(a.cert).toBe(b.cert);
      expect(fs.existsSync(path.join(fresh, '.lock'))).toBe(false);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('host names (server/tls/host-names.ts)', () => {
  const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
    ({ address, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
  it('loopback, the host name and its .local name, LAN addresses and TLS_HOSTS; no link-local IPv6', () => {
    const names = machineHostNames(['Shop.Example.LAN'], {
      hostname: 'Shop-PC',
      interfaces: {
        lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
        eth0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1c2:3ff:fe04:5', 'IPv6'), iface('fd00:0:0:0::2', 'IPv6')],
      },
    });
    expect(names).toEqual(
      [
        '127.0.0.1',
        '192.168.1.20',
        '::1',
        'fd00::2',
        'localhost',
        'shop-pc',
        'shop-pc.local',
        'shop.example.lan',
      ].sort(),
    );
    expect(preferredLanName(names)).toBe('192.168.1.20');
  });
});

describe('TLS configuration (server/config.ts)', () => {
  it('default: the local CA in DATA_DIR/tls on HTTPS port 8443, beside HTTP 8080', () => {
    const c = loadConfig({ DATA_DIR: '/srv/pd' }, '/tmp');
    expect(c.port).toBe(8080);
    expect(c.tls).toEqual({ kind: 'local-ca', port: 8443, dir: '/srv/pd/tls', extraHosts: [], required: false });
    expect(c.trustProxy).toBe(false);
    expect(tlsConfig({ TLS_HOSTS: 'a.lan, b.lan', HTTPS_PORT: '9443' }, '/tmp')).toMatchObject({
      port: 9443,
      extraHosts: ['a.lan', 'b.lan'],
    });
  });
  it('TLS_CERT + TLS_KEY serve those files; one without the other is refused', () => {
    expect(tlsConfig({ TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' }, '/etc/pd')).toEqual({
      kind: 'files',
      port: 8443,
      certFile: '/etc/pd/c.pem',
      keyFile: '/etc/pd/k.pem',
      required: true,
    });
    expect(() => tlsConfig({ TLS_CERT: 'c.pem' })).toThrow('TLS_CERT and TLS_KEY go together');
  });
  it('TLS=off, or TRUST_PROXY without TLS: plain HTTP only (a proxy in front does TLS)', () => {
    expect(tlsConfig({ TLS: 'off' })).toEqual({ kind: 'off' });
    const behind = loadConfig({ TRUST_PROXY: '127.0.0.1' }, '/tmp');
    expect(behind.tls).toEqual({ kind: 'off' });
    expect(behind.trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '1' }, '/tmp').trustProxy).toBe(true);
    expect(tlsConfig({ TRUST_PROXY: '1', TLS: 'auto' }).kind).toBe('local-ca');
    expect(() => tlsConfig({ TLS: 'maybe' })).toThrow('Invalid TLS');
  });
});
