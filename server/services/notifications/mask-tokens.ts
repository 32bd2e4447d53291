/**
 * Payment-link tokens are bearer credentials (whoever holds one can see and pay the order): the
 * admin's outbox view shows the first 4 characters only (the log's redaction is in
 * server/http/redact.ts).
 */
const TOKEN_IN_TEXT = /(token=)([\w-]{4})[\w-]*/g;

/** A message body for the outbox view: `token=AbCd…`. */
export const maskTokens = (text: string): string => text.replace(TOKEN_IN_TEXT, '$1$2…');
