import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../../src/app/sw/chunk-load-error';

describe('chunk load failures', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: http://localhost:8080/assets/orders-page-abc.js'),
    new TypeError('error loading dynamically imported module: http://localhost:8080/assets/x.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/orders-page-abc.css'),
    Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    'Failed to fetch dynamically imported module',
    null,
    undefined,
    { status: 404 },
  ])('leaves other errors alone: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
