/**
 * Payment-link tokens are bearer credentials (whoever holds one can see and pay the order): they
 * appear only in the message sent to the customer. Logs get none (the request URL's `token` is
 * replaced), and the admin's outbox view shows the first 4 characters only
 * (server/services/notifications/mask-tokens.ts).
 */
const TOKEN_IN_URL = /([?&]token=)[^&#\s"'<]*/g;

/** A URL for the log: `?token=[redacted]`. */
export const redactUrl = (url: string): string => url.replace(TOKEN_IN_URL, '$1[redacted]');

/** Fastify's request serializer with the URL redacted (the default's fields otherwise). */
export function requestSerializer(req: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
