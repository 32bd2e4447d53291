/** Payment-link tokens stay out of the log; slow request bodies time out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/http/redact';
import { maskTokens } from '../../../server/services/notifications/mask-tokens';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';

describe.each(testEngines())('secrets and slow bodies on %s', (engine) => {
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, { logStream: { write: (line) => void log.push(line) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a payment-link token in a URL never reaches the log', async () => {
    const token = 'SeCrEtToKeN_0123456789abcdefghij';
    await fetch(`${server.url}/api/pay/link?token=${token}`).then((r) => r.arrayBuffer());
    await fetch(`${server.url}/checkout/pay?token=${token}&x=1`, { headers: { accept: 'text/html' } }).then((r) =>
      r.arrayBuffer(),
    );
    const text = log.join('');
    expect(text).toContain('/api/pay/link?token=[redacted]');
    expect(text).not.toContain(token);
  });

  it('the outbox view masks tokens to their first 4 characters', () => {
    expect(maskTokens('Pay here: https://shop.example/checkout/pay?token=AbCdEfGhIj-_kl now')).toBe(
      'Pay here: https://shop.example/checkout/pay?token=AbCd… now',
    );
    expect(redactUrl('/checkout/pay?a=1&token=xyz&b=2')).toBe('/checkout/pay?a=1&token=[redacted]&b=2');
  });

  it('the server bounds how long a request may take to arrive', () => {
    expect(server.app.server.requestTimeout).toBeGreaterThan(0);
    expect(server.app.server.requestTimeout).toBe(30_000);
  });
});
