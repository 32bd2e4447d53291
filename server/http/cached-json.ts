/**
 * A JSON reply many requests share (a cached, frozen listing reply: server/services/catalog/
 * listing-cache.ts) is serialized once and compressed once per encoding, kept beside the object by
 * its identity. @fastify/compress would otherwise brotli-compress the same ~20 KB again for every
 * shopper: the most expensive part of a listing a cache answers (docs/figures.md "Listing cache").
 *
 * Must stay true: only an object nobody changes after it is first sent comes here (the cache
 * freezes its replies), since the bytes are taken the first time and kept as long as the object
 * lives. The encodings, quality and threshold are @fastify/compress's as app.ts registers it, so a
 * client gets what it got before: brotli quality 4 or gzip, nothing under 1 KB compressed.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

interface Encoded {
  json: string;
  /** Under the threshold: always sent as it is. */
  small: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

const encoded = new WeakMap<object, Encoded>();

/** @fastify/compress's threshold: smaller replies are sent as they are. */
const THRESHOLD = 1024;

const compressors: Record<Encoding, (json: string) => Buffer> = {
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (json) => gzipSync(json),
};

/**
 * The encoding to answer `accept-encoding` with, as @fastify/compress chooses it: the highest
 * quality of br and gzip (x-gzip is gzip, `*` stands for both unless named), br on a tie; none
 * when neither is acceptable (q=0, identity only, no header).
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.map((p) => /^q=([0-9.]+)$/.exec(p)?.[1]).find((w) => w !== undefined);
    q.set(token === 'x-gzip' ? 'gzip' : token, weight === undefined ? 1 : Number(weight) || 0);
  }
  const of = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** Sends `body` as JSON, its bytes and compressed bytes made once per object (see above). */
export function sendSharedJson(req: FastifyRequest, reply: FastifyReply, body: object): FastifyReply {
  let e = encoded.get(body);
  if (!e) {
    const json = JSON.stringify(body);
    e = { json, small: Buffer.byteLength(json) < THRESHOLD };
    encoded.set(body, e);
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = req.headers['x-no-compression'] === undefined ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding === null || e.small) return reply.send(e.json);
  const bytes = (e[encoding] ??= compressors[encoding](e.json));
  reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
