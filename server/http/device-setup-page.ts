/**
 * GET /setup/device: how to make a tablet or computer trust the shop's certificate, in plain words
 * per platform (docs/operations.md "HTTPS on the shop network"). Rendered here, without the app's
 * script, so it opens over plain HTTP on any browser before anything is trusted. The QR code is an
 * inline SVG (@paulmillr/qr) and the page runs no script at all (its own CSP allows none).
 */
import { X509Certificate } from 'node:crypto';
import encodeQR from '@paulmillr/qr';

export interface DeviceSetupView {
  /** The https address to open on the tablet, or null when this server has none of its own to offer. */
  httpsUrl: string | null;
  /** The shop CA's certificate (PEM), or null when the certificate is not the shop's own CA's. */
  caCertPem: string | null;
}

export const DEVICE_SETUP_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:44rem;padding:1rem;color:#1a1a1a}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}li{margin:.3rem 0}
.address{font-size:1.3rem;font-weight:600;word-break:break-all}
.qr{width:12rem;height:12rem;background:#fff;padding:.5rem;border:1px solid #ccc}
.download a{display:inline-block;margin:.3rem .5rem .3rem 0;padding:.6rem 1rem;min-height:44px;box-sizing:border-box;background:#0b5394;color:#fff;border-radius:6px;text-decoration:none}
code{background:#f2f2f2;padding:0 .2rem;word-break:break-all}`;

export function renderDeviceSetupPage(view: DeviceSetupView): string {
  const { httpsUrl, caCertPem } = view;
  const address = httpsUrl
    ? `<p>The secure address of this shop's Partsdesk:</p>
<p class="address"><a href="${esc(httpsUrl)}">${esc(httpsUrl)}</a></p>
<div class="qr" role="img" aria-label="QR code of ${esc(httpsUrl)}">${encodeQR(httpsUrl, 'svg', { border: 2 })}</div>
<p>Scan the code with the tablet's camera to open the address.</p>`
    : `<p>This server has no secure address of its own: ask whoever runs it for the https address of the shop.</p>`;
  const body = caCertPem ? certificateSteps(caCertPem) : noLocalCa(httpsUrl !== null);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up this device · Partsdesk</title><style>${STYLE}</style></head>
<body><main>
<h1>Set up this device for Partsdesk</h1>
<p>The point of sale keeps working when the network drops, but browsers allow that only at a secure
(https) address. Each tablet or computer needs the shop's certificate installed once; after that,
always open the secure address.</p>
${address}
${body}
</main></body></html>`;
}

function noLocalCa(hasAddress: boolean): string {
  return hasAddress
    ? `<p>This server's certificate comes from a certificate authority your devices already trust: nothing to
install. Open the address above.</p>`
    : '';
}

function certificateSteps(caCertPem: string): string {
  const fingerprint = new X509Certificate(caCertPem).fingerprint256;
  return `<h2>1. Download the shop's certificate</h2>
<p class="download"><a href="/setup/shop-ca.crt" download>Download the shop certificate (.crt)</a>
<a href="/setup/shop-ca.pem" download>Download it as .pem (ChromeOS)</a></p>
<p>Its SHA-256 fingerprint, to compare with what the device shows: <code>${esc(fingerprint)}</code></p>

<h2>2. Install it on the device</h2>
<h3>iPad</h3>
<ol>
<li>Open this page in <strong>Safari</strong> on the iPad and tap <strong>Download the shop certificate</strong>, then <strong>Allow</strong>.</li>
<li>Open <strong>Settings</strong>, tap <strong>Profile Downloaded</strong> near the top, then <strong>Install</strong> (enter the iPad's passcode) and <strong>Install</strong> again.</li>
<li>In <strong>Settings → General → About → Certificate Trust Settings</strong>, turn on <strong>Partsdesk shop CA</strong> and tap <strong>Continue</strong>.</li>
<li>Open the secure address in Safari, then Share → <strong>Add to Home Screen</strong>.</li>
</ol>
<h3>Android</h3>
<ol>
<li>Tap <strong>Download the shop certificate</strong> in Chrome.</li>
<li>Open <strong>Settings</strong> and search for <strong>CA certificate</strong> (usually Security → More security settings → Encryption &amp; credentials → Install a certificate → <strong>CA certificate</strong>). Tap <strong>Install anyway</strong> and pick the downloaded file.</li>
<li>Open the secure address in Chrome, then menu → <strong>Install app</strong> (or Add to Home screen).</li>
</ol>
<h3>Windows</h3>
<ol>
<li>Download the certificate and open the file, then <strong>Install Certificate…</strong>.</li>
<li>Choose <strong>Local Machine</strong>, then <strong>Place all certificates in the following store</strong> → Browse → <strong>Trusted Root Certification Authorities</strong> → Next → Finish.</li>
<li>Close every Chrome or Edge window and open the secure address. (Firefox keeps its own list: Settings → Privacy &amp; Security → Certificates → View Certificates → Authorities → Import.)</li>
</ol>
<h3>ChromeOS</h3>
<ol>
<li>Download the <strong>.pem</strong> file.</li>
<li>Open <strong>Settings → Privacy and security → Security → Manage certificates</strong> (or type <code>chrome://certificate-manager</code>), go to <strong>Authorities</strong> (Local certificates) and choose <strong>Import</strong>.</li>
<li>Pick the file, tick <strong>Trust this certificate for identifying websites</strong> and confirm.</li>
<li>Open the secure address, then menu → <strong>Install Partsdesk</strong>.</li>
</ol>
<h2>Done?</h2>
<p>The secure address opens without a warning and shows a padlock. If the browser says the connection
is not private, the certificate is not installed or not trusted yet: repeat step 2. The shop's
certificate stays the same when the server's own certificate is renewed, so this is done once per device.</p>`;
}
