/**
 * Score layout (lower is better): tier * TIER + secondary * SECONDARY + name rank.
 * Must stay true: name rank (at most the slot count, plus 0.5) < SECONDARY, and secondary
 * (characters a part-number prefix still misses) < TIER / SECONDARY, so the fields never bleed
 * into each other; every score stays exact in a float64 (< 2^53). Tiers follow MATCH_KINDS.
 */
export const TIER = 1e13;
export const SECONDARY = 1e9;
export const TIER_EXACT = 0;
export const TIER_PREFIX = 1;
export const TIER_NAME = 2;
export const TIER_ANY = 3;
