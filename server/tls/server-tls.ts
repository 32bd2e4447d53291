/**
 * The certificate the HTTPS listener serves, from configuration (server/config.ts TlsConfig): the
 * shop's own CA (server/tls/local-ca.ts) or the operator's TLS_CERT/TLS_KEY files. refresh() runs at
 * start and then twice a day: it re-issues a local certificate that nears its end or no longer
 * covers the machine's addresses, and re-reads operator files that changed on disk (a renewal by
 * certbot or the like), so a server that runs for a year never serves an expired certificate.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { TlsConfig } from '../config';
import { machineHostNames } from './host-names';
import { certificateNames, ensureLocalCertificates } from './local-ca';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** The shop CA's certificate (PEM) tablets install; null with operator files. */
  caCertPem: string | null;
  /** Host names and addresses the certificate covers. */
  names: string[];
  notAfter: Date;
}

export type ServingTlsConfig = Exclude<TlsConfig, { kind: 'off' }>;

export class ServerTls {
  private material: TlsMaterial | null = null;
  private filesStamp = '';

  constructor(
    private readonly config: ServingTlsConfig,
    private readonly hostNames: () => string[] = () =>
      machineHostNames(config.kind === 'local-ca' ? config.extraHosts : []),
  ) {}

  get current(): TlsMaterial {
    if (!this.material) throw new Error('ServerTls.refresh() has not run');
    return this.material;
  }

  /** Loads, issues or re-issues; returns a line for the log when what is served changed, else null. */
  async refresh(now = new Date()): Promise<string | null> {
    if (this.config.kind === 'files') return this.readFiles(this.config.certFile, this.config.keyFile);
    const result = await ensureLocalCertificates({ dir: this.config.dir, names: this.hostNames(), now });
    const changed = !this.material || result.outcome !== 'kept';
    this.material = { ...result };
    if (!changed) return null;
    const until = result.notAfter.toISOString().slice(0, 10);
    if (result.outcome === 'created')
      return `https: new shop certificate authority in ${this.config.dir}: install it on each tablet once (/setup/device)`;
    if (result.outcome === 'renewed')
      return `https: server certificate issued (${result.reason}), valid until ${until}`;
    return `https: server certificate valid until ${until} for ${result.names.join(', ')}`;
  }

  private readFiles(certFile: string, keyFile: string): string | null {
    const stamp = [certFile, keyFile].map((f) => fs.statSync(f).mtimeMs).join('/');
    if (this.material && stamp === this.filesStamp) return null;
    const cert = fs.readFileSync(certFile, 'utf8');
    const key = fs.readFileSync(keyFile, 'utf8');
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(cert);
    } catch (err) {
      throw new Error(`TLS_CERT ${certFile} is not a PEM certificate: ${(err as Error).message}`);
    }
    if (!x509.checkPrivateKey(createPrivateKey(key)))
      throw new Error(`TLS_KEY ${keyFile} is not the key of TLS_CERT ${certFile}`);
    this.filesStamp = stamp;
    this.material = { key, cert, caCertPem: null, names: certificateNames(x509), notAfter: new Date(x509.validTo) };
    return `https: serving ${certFile} (valid until ${this.material.notAfter.toISOString().slice(0, 10)})`;
  }
}
