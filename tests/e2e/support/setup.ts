import { afterEach, beforeEach, expect } from 'vitest';
import { resetApiCalls, takeApiReport } from './api-watch';
import { takeCspViolations } from './csp-guard';

// See api-watch.ts: a failed test prints the browser calls it was waiting on.
beforeEach(({ onTestFailed }) => {
  resetApiCalls();
  onTestFailed(() => console.error(takeApiReport().join('\n')));
});

// See csp-guard.ts: a test that caused a CSP violation fails.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
