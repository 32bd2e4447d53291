import { z } from 'zod';

/** Query numbers arrive as strings; invalid or missing values fall back to the default. */
export const pageParam = z.coerce.number().int().min(1).catch(1);
export const limitParam = (def: number, max: number) => z.coerce.number().int().min(1).max(max).catch(def);
