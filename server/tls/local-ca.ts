/**
 * The shop's own certificate authority and the server certificate it signs (docs/decisions/server.md
 * "HTTPS on the shop network"). Kept in one directory (DATA_DIR/tls):
 *   ca.key      the CA's private key (0600). Never served, never leaves this directory.
 *   ca.crt      the CA certificate (PEM): what each tablet installs once (GET /setup/shop-ca.crt).
 *   server.key  the server certificate's key (0600).
 *   server.crt  the server certificate: every host name and address of the machine, signed by the CA.
 * What stays true after ensureLocalCertificates(): the CA is valid for more than RENEW_WITHIN_DAYS;
 * the server certificate is signed by that CA, matches its key, covers exactly the names asked
 * for, and is valid for more than RENEW_WITHIN_DAYS. Anything else is re-issued (a new server
 * certificate costs the tablets nothing: they trust the CA). Files are replaced by rename, so a
 * crash mid-write leaves the old file, never half a key.
 *
 * node-forge builds and signs the X.509 structures; the keys come from Node's own crypto (OpenSSL)
 * and every check reads the files back with Node's X509Certificate.
 */
import { createPrivateKey, generateKeyPair, randomBytes, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { isIpAddress, normalizeHost } from './host-names';

const DAY = 86_400_000;
/** Re-issue what expires sooner than this. */
export const RENEW_WITHIN_DAYS = 30;
/** A server certificate's life: under Apple's and browsers' 398-day limit for TLS certificates. */
export const SERVER_CERT_DAYS = 397;
/** The CA's life: tablets install it once. */
export const CA_DAYS = 3650;

export interface LocalCertificates {
  caCertPem: string;
  key: string;
  cert: string;
  /** The names and addresses the server certificate covers, normalized and sorted. */
  names: string[];
  notAfter: Date;
  /** created: a new CA (tablets must install it); renewed: a new server certificate; kept: nothing new. */
  outcome: 'created' | 'renewed' | 'kept';
  /** Why the server certificate was issued (outcome renewed or created). */
  reason?: string;
}

export interface EnsureOptions {
  dir: string;
  names: readonly string[];
  now?: Date;
}

const generateRsa = promisify(generateKeyPair);

export async function ensureLocalCertificates(opts: EnsureOptions): Promise<LocalCertificates> {
  const now = opts.now ?? new Date();
  const names = [...new Set(opts.names.map(normalizeHost))].sort();
  if (names.length === 0) throw new Error('a server certificate needs at least one host name');
  fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  return withLock(opts.dir, () => ensureLocked(opts.dir, names, now));
}

async function ensureLocked(dir: string, names: string[], now: Date): Promise<LocalCertificates> {
  const file = (name: string) => path.join(dir, name);

  let ca = readPair(file('ca.crt'), file('ca.key'));
  let outcome: LocalCertificates['outcome'] = 'kept';
  if (!ca || !ca.x509.ca || expiresWithin(ca.x509, now)) {
    ca = await createCa(now);
    writeAtomic(file('ca.key'), ca.keyPem, 0o600);
    writeAtomic(file('ca.crt'), ca.certPem, 0o644);
    outcome = 'created';
  }

  const leaf = readPair(file('server.crt'), file('server.key'));
  const reason = outcome === 'created' ? 'new certificate authority' : whyReissue(leaf, ca.x509, names, now);
  if (!reason && leaf)
    return {
      caCertPem: ca.certPem,
      key: leaf.keyPem,
      cert: leaf.certPem,
      names,
      notAfter: validTo(leaf.x509),
      outcome,
    };

  const issued = await issueServerCertificate(ca, names, now);
  writeAtomic(file('server.key'), issued.keyPem, 0o600);
  writeAtomic(file('server.crt'), issued.certPem, 0o644);
  return {
    caCertPem: ca.certPem,
    key: issued.keyPem,
    cert: issued.certPem,
    names,
    notAfter: validTo(issued.x509),
    outcome: outcome === 'created' ? 'created' : 'renewed',
    reason: reason ?? 'no server certificate',
  };
}

/** The names a certificate covers (subjectAltName), normalized and sorted. */
export function certificateNames(cert: X509Certificate): string[] {
  const san = cert.subjectAltName ?? '';
  const names = san
    .split(', ')
    .map((entry) => /^(?:DNS|IP Address):(.+)$/.exec(entry)?.[1])
    .filter((n): n is string => Boolean(n));
  return [...new Set(names.map(normalizeHost))].sort();
}

interface Pair {
  certPem: string;
  keyPem: string;
  x509: X509Certificate;
}

function readPair(certFile: string, keyFile: string): Pair | null {
  try {
    const certPem = fs.readFileSync(certFile, 'utf8');
    const keyPem = fs.readFileSync(keyFile, 'utf8');
    const x509 = new X509Certificate(certPem);
    if (!x509.checkPrivateKey(createPrivateKey(keyPem))) return null;
    return { certPem, keyPem, x509 };
  } catch {
    return null; // missing or unreadable: made again
  }
}

function whyReissue(leaf: Pair | null, ca: X509Certificate, names: readonly string[], now: Date): string | null {
  if (!leaf) return 'no server certificate';
  if (!leaf.x509.checkIssued(ca) || !leaf.x509.verify(ca.publicKey))
    return 'not signed by the shop certificate authority';
  if (expiresWithin(leaf.x509, now)) return `it expires on ${validTo(leaf.x509).toISOString().slice(0, 10)}`;
  // The clock went back past its start: a new one, valid now (the CA is kept: tablets trust it).
  if (new Date(leaf.x509.validFrom) > now) return 'it is not valid yet';
  const had = certificateNames(leaf.x509);
  if (had.join(' ') !== names.join(' ')) return `the host names changed (now ${names.join(', ')})`;
  return null;
}

const validTo = (cert: X509Certificate): Date => new Date(cert.validTo);
const expiresWithin = (cert: X509Certificate, now: Date): boolean =>
  validTo(cert).getTime() - now.getTime() < RENEW_WITHIN_DAYS * DAY;

async function newKey(): Promise<{ pem: string; forgeKey: forge.pki.rsa.PrivateKey }> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { pem, forgeKey: forge.pki.privateKeyFromPem(pem) };
}

const publicOf = (key: forge.pki.rsa.PrivateKey) => forge.pki.setRsaPublicKey(key.n, key.e);

/** A positive 128-bit serial (RFC 5280: positive, at most 20 octets). */
const serial = (): string => {
  const b = randomBytes(16);
  b[0] = (b[0] ?? 0) & 0x7f;
  return b.toString('hex');
};

function validity(cert: forge.pki.Certificate, now: Date, days: number, cap?: Date): void {
  // An hour back: a tablet whose clock runs a little behind still accepts a fresh certificate.
  cert.validity.notBefore = new Date(now.getTime() - 3_600_000);
  const end = new Date(now.getTime() + days * DAY);
  cert.validity.notAfter = cap && cap < end ? cap : end;
}

async function createCa(now: Date): Promise<Pair> {
  const { pem, forgeKey } = await newKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicOf(forgeKey);
  cert.serialNumber = serial();
  validity(cert, now, CA_DAYS);
  const subject = [
    { name: 'commonName', value: `Partsdesk shop CA (${os.hostname()})` },
    { name: 'organizationName', value: 'Partsdesk' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  return { certPem, keyPem: pem, x509: new X509Certificate(certPem) };
}

async function issueServerCertificate(ca: Pair, names: readonly string[], now: Date): Promise<Pair> {
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const { pem, forgeKey } = await newKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicOf(forgeKey);
  cert.serialNumber = serial();
  validity(cert, now, SERVER_CERT_DAYS, new Date(ca.x509.validTo));
  cert.setSubject([{ name: 'commonName', value: names.find((n) => !isIpAddress(n) && n !== 'localhost') ?? names[0] }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    // type 2: dNSName, type 7: iPAddress (RFC 5280 GeneralName).
    {
      name: 'subjectAltName',
      altNames: names.map((n) => (isIpAddress(n) ? { type: 7, ip: n } : { type: 2, value: n })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  return { certPem, keyPem: pem, x509: new X509Certificate(certPem) };
}

/**
 * One process at a time issues (node:cluster workers, or a restart that overlaps the old process):
 * two at once would make two CAs, and a device trusts only one. A lock older than a minute was
 * left by a process that died mid-issue.
 */
async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, '.lock');
  for (;;) {
    try {
      fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function writeAtomic(file: string, text: string, mode: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode });
  fs.renameSync(tmp, file);
}
