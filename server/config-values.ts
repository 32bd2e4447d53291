/** Reading environment values for server/config.ts and server/config-adapters.ts: a clear error, never a silent default. */

/** A whole number >= 0, or `def` when unset; anything else stops the start with the variable's name. */
export function int(name: string, value: string | undefined, def: number): number {
  if (value === undefined || value === '') return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid ${name}: "${value}" is not a whole number`);
  return n;
}

/** Off for 0/false/no/off, on for anything else, `def` when unset. */
export function bool(value: string | undefined, def: boolean): boolean {
  if (value === undefined || value === '') return def;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}
