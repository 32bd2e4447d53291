/**
 * The shopper's vehicle (/ymm/json/, storefront.md §7): getVehicle and removeFacet reply with it,
 * saveVehicle takes its facets as add1, add2, ... and replies with it or with the reset.
 */
import { z } from 'zod';
import { FACET_KEYS, facetItemSchema, facetsSchema, type FacetItem } from '../../domain/fitment-facets';

export const vehicleReplySchema = z.object({
  facets: facetsSchema,
  hasEngine: z.boolean(),
  hasYmm: z.boolean(),
  /** The 'Show Universal Parts' checkbox. */
  showUniversal: z.boolean(),
  /** '2019 Ford F-150 XLT'; '' when no vehicle is chosen. */
  label: z.string(),
});
export type VehicleReply = z.infer<typeof vehicleReplySchema>;

export const removeFacetQuerySchema = z.object({
  remove: z.enum(FACET_KEYS, { error: `remove must be one of ${FACET_KEYS.join(', ')}.` }),
});

/** At most one item per facet, so more than this many is a malformed call, not a vehicle. */
export const MAX_SAVE_ITEMS = FACET_KEYS.length;

/** saveVehicle: add1, add2, ... in their numeric order; no addN at all is the reset. */
export const saveVehicleQuerySchema = z.record(z.string(), z.unknown()).transform((q, ctx): FacetItem[] | null => {
  const keys = Object.keys(q)
    .filter((k) => /^add\d+$/.test(k))
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  if (keys.length === 0) return null;
  if (keys.length > MAX_SAVE_ITEMS) {
    ctx.addIssue({ code: 'custom', message: `A vehicle has at most ${MAX_SAVE_ITEMS} facets.` });
    return z.NEVER;
  }
  const items: FacetItem[] = [];
  for (const k of keys) {
    const parsed = facetItemSchema.safeParse(q[k]);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [k], message: parsed.error.issues[0]?.message ?? 'Invalid vehicle facet.' });
      return z.NEVER;
    }
    if (items.some((i) => i.key === parsed.data.key)) {
      ctx.addIssue({ code: 'custom', path: [k], message: `${parsed.data.key} is given twice.` });
      return z.NEVER;
    }
    items.push(parsed.data);
  }
  return items;
});

export const saveVehicleReplySchema = z.union([
  vehicleReplySchema.extend({ action: z.literal('saved'), redirect: z.string() }),
  z.object({ action: z.literal('reset') }),
]);
export type SaveVehicleReply = z.infer<typeof saveVehicleReplySchema>;
