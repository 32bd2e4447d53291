/**
 * Imported FIRST by every JavaScript realm's entry (src/main.tsx, sync/worker.ts): zod must never
 * compile parsers with `new Function`. The page's Content-Security-Policy allows no eval
 * (server/http/security-headers.ts), so zod's probe for it is a CSP violation, and on a phone the
 * compile costs more than it saves (each reply is parsed a few times). ES modules run in import
 * order, so this runs before any module that parses at load.
 */
import { config } from 'zod/mini';

config({ jitless: true });
