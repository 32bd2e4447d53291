import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp-guard';

// See csp-guard.ts: a test that caused a CSP violation fails.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
