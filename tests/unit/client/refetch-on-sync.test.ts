import { describe, expect, it } from 'vitest';
import { serverMoved } from '../../../src/device/use-refetch-on-pull';

/** When a server read is asked again (src/device/use-refetch-on-pull.ts). */
describe('serverMoved', () => {
  it('never on the first look', () => {
    expect(serverMoved(undefined, { cookie: 5, pending: 0 })).toBe(false);
  });
  it('when a pull moved the cookie', () => {
    expect(serverMoved({ cookie: 5, pending: 0 }, { cookie: 7, pending: 0 })).toBe(true);
  });
  it('when the server acknowledged some of our queued changes, before any pull', () => {
    expect(serverMoved({ cookie: 5, pending: 2 }, { cookie: 5, pending: 0 })).toBe(true);
  });
  it('not when a change is only queued (the server has not seen it)', () => {
    expect(serverMoved({ cookie: 5, pending: 0 }, { cookie: 5, pending: 1 })).toBe(false);
  });
});
