import * as z from 'zod/mini';

// zod/mini (functional checks) rather than zod's classic API: these schemas load with the
// storefront's first page, and mini adds ~9 KB gzip where classic adds ~28 KB
// (docs/decisions/storefront.md "Storefront first load"). Both parse alike and compose with each
// other.

/** Query numbers arrive as strings; invalid or missing values fall back to the default. */
export const pageParam = z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1);
export const limitParam = (def: number, max: number) =>
  z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), def);
