/**
 * The Twilio SMS adapter (SMS=twilio) against a loopback HTTP server that answers like Twilio's
 * Messages API: the request it makes (E.164, Basic auth, From or MessagingServiceSid, idempotency
 * token), how refusals are classified, and a receipt texted through it by the app. Plus the
 * configuration that selects it.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../../server/adapters/notify/outbox';
import { toE164, TwilioSms } from '../../../server/adapters/notify/twilio';
import { DeliveryError } from '../../../server/adapters/notify/types';
import { notifyConfig } from '../../../server/config';
import { testEngines } from '../../support/engines';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

interface Got {
  path: string;
  auth: string;
  idempotency: string | undefined;
  form: Record<string, string>;
}

async function fakeTwilio(): Promise<{ url: string; got: Got[]; mode: { status: number }; close(): Promise<void> }> {
  const got: Got[] = [];
  const mode = { status: 201 };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(data));
      got.push({
        path: req.url ?? '',
        auth: req.headers.authorization ?? '',
        idempotency: req.headers['i-twilio-idempotency-token'] as string | undefined,
        form,
      });
      res.setHeader('content-type', 'application/json');
      if (form.To?.endsWith('0000')) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
      }
      res.statusCode = mode.status;
      res.end(
        JSON.stringify(
          mode.status < 300 ? { sid: 'SM123', status: 'queued' } : { code: 20500, message: 'Internal Server Error' },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    got,
    mode,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const cfg = (baseUrl: string) => ({
  kind: 'twilio' as const,
  accountSid: 'AC0001',
  authToken: 'tok',
  from: '+15125550100',
  messagingServiceSid: undefined,
  baseUrl,
  timeoutMs: 2_000,
});

async function refusal(p: Promise<unknown>): Promise<DeliveryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  return err as DeliveryError;
}

describe('Twilio SMS adapter', () => {
  let tw: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    tw = await fakeTwilio();
  });
  afterAll(async () => {
    await tw?.close();
  });

  it('posts To in E.164, From, Body with Basic auth and the outbox id as idempotency token', async () => {
    await new TwilioSms(cfg(tw.url)).send({ id: 'row-1', to: '(512) 555-0142', text: 'Your order is ready' });
    expect(tw.got.at(-1)).toEqual({
      path: '/2010-04-01/Accounts/AC0001/Messages.json',
      auth: `Basic ${Buffer.from('AC0001:tok').toString('base64')}`,
      idempotency: 'row-1',
      form: { To: '+15125550142', From: '+15125550100', Body: 'Your order is ready' },
    });
    await new TwilioSms({ ...cfg(tw.url), from: undefined, messagingServiceSid: 'MG42' }).send({
      to: '+44 20 7946 0958',
      text: 'x',
    });
    expect(tw.got.at(-1)!.form).toEqual({ To: '+442079460958', MessagingServiceSid: 'MG42', Body: 'x' });
  });

  it('a rejected number is permanent, a 5xx or an unreachable API temporary; a non-number never leaves', async () => {
    const bad = await refusal(new TwilioSms(cfg(tw.url)).send({ to: '(512) 555-0000', text: 'x' }));
    expect(bad).toMatchObject({
      permanent: true,
      message: "Twilio 400 (21211): The 'To' number is not a valid phone number.",
    });
    tw.mode.status = 503;
    expect((await refusal(new TwilioSms(cfg(tw.url)).send({ to: '5125550142', text: 'x' }))).permanent).toBe(false);
    tw.mode.status = 201;
    expect(
      (await refusal(new TwilioSms(cfg('http://127.0.0.1:1')).send({ to: '5125550142', text: 'x' }))).permanent,
    ).toBe(false);
    const before = tw.got.length;
    expect((await refusal(new TwilioSms(cfg(tw.url)).send({ to: '12', text: 'x' }))).permanent).toBe(true);
    expect(tw.got).toHaveLength(before);
    expect(toE164('1 (512) 555-0142')).toBe('+15125550142');
    expect(toE164('555-0142')).toBeNull();
  });

  it('configuration: simulator by default; twilio needs its credentials and a sender', () => {
    expect(notifyConfig({}).sms).toEqual({ kind: 'simulator' });
    expect(() => notifyConfig({ SMS: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => notifyConfig({ SMS: 'carrier-pigeon' })).toThrow(/simulator or twilio/);
    expect(
      notifyConfig({ SMS: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15125550100' })
        .sms,
    ).toMatchObject({ kind: 'twilio', baseUrl: 'https://api.twilio.com', timeoutMs: 15_000 });
    expect(notifyConfig({ NOTIFY_POLL_MS: '0' }).pollMs).toBe(0);
  });
});

describe.each(testEngines())('a receipt texted through Twilio on %s', (engine) => {
  let tw: Awaited<ReturnType<typeof fakeTwilio>>;
  let server: CheckoutServer;
  beforeAll(async () => {
    tw = await fakeTwilio();
    server = await startCheckoutServer(engine, { mailer: new OutboxMailer(), sms: new TwilioSms(cfg(tw.url)) });
  });
  afterAll(async () => {
    await server?.close();
    await tw?.close();
  });

  it('POST /pos/order/send by text reaches the provider; a rejected number answers 502', async () => {
    const cashier = await signedIn(server.url, 'cashier');
    const o = await new Device(cashier).order(['9.99']);
    const ok = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByText: true,
      phone: '(512) 555-0142',
      overrideTextPermission: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: 'Receipt sent.', sent: ['sms'] });
    expect(tw.got.at(-1)!.form.Body).toContain('$9.99');
    const bad = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByText: true,
      phone: '(512) 555-0000',
      overrideTextPermission: true,
    });
    expect(bad.status).toBe(502);
    expect(bad.body.message).toBe('Failed to send to notification');
  });
});
