/**
 * Word terms over the built index, AND across terms, each term a prefix of some token. Two ways,
 * chosen per query by estimated cost (both measured on the 200k demo catalog):
 * - stamps: walk every term's postings in turn; a slot that matched terms 0..t-1 carries stamp
 *   g + t, so after the last term the survivors are the matches. Cost: the sum of all postings,
 *   each a sequential read plus one stamp. Best in most queries.
 * - forward: walk only the rarest term's postings and check each candidate's ~11 tokens against
 *   every term's rank range (a prefix is one contiguous range of key ranks). Best when one term is
 *   rare and another very common ('k750 m').
 * Name-ness (for the NAME vs ANY tier) is tracked so that a slot counts as "all in name" only if
 * every term matched a token of its name.
 */
import type { BuiltIndex } from './built-index';
import type { DocTable } from './doc-table';
import type { MatchSet } from './match-set';
import { TIER, TIER_ANY, TIER_NAME } from './match-tiers';

export function matchWords(docs: DocTable, built: BuiltIndex, terms: readonly string[], g: number, m: MatchSet): void {
  const { keys, starts, forward } = built.words;
  const from: number[] = [];
  const to: number[] = [];
  let driver = 0;
  let sum = 0;
  for (let t = 0; t < terms.length; t++) {
    const [f, e] = keys.prefixRange(terms[t]!);
    if (f === e) return;
    from.push(f);
    to.push(e);
    const n = starts[e]! - starts[f]!;
    sum += n;
    if (n < starts[to[driver]!]! - starts[from[driver]!]!) driver = t;
  }
  const rarest = starts[to[driver]!]! - starts[from[driver]!]!;
  const perSlot = forward ? forward.entries.length / Math.max(1, forward.starts.length - 1) : 0;
  if (forward && terms.length > 1 && rarest * perSlot * terms.length < sum)
    byForward(docs, built, from, to, driver, g, m);
  else byStamps(docs, built, from, to, g, m);
}

function byStamps(
  docs: DocTable,
  built: BuiltIndex,
  from: readonly number[],
  to: readonly number[],
  g: number,
  m: MatchSet,
): void {
  const { starts, postings } = built.words;
  const { alive } = docs;
  const stamp = m.wordStamp;
  const bits = m.nameBits;
  const rank = built.order.rank;
  const first = m.length;
  const last = from.length - 1;
  for (let t = 0; t <= last; t++) {
    // After term t a slot that matched terms 0..t holds g + t + 1 (older stamps are all <= g).
    // Bit (t & 1) says "terms 0..t-1 all matched in the name"; term t writes the other bit, so
    // a term never reads what it is writing.
    const want = g + t;
    const done = want + 1;
    const read = 1 << (t & 1);
    const write = 1 << ((t + 1) & 1);
    for (let p = starts[from[t]!]!, end = starts[to[t]!]!; p < end; p++) {
      const v = postings[p]!;
      const slot = v >>> 1;
      const inName = (v & 1) === 0;
      const st = stamp[slot]!;
      if (t === 0 ? st < done : st === want) {
        stamp[slot] = done;
        const prev = t === 0 || (bits[slot]! & read) !== 0;
        bits[slot] = (bits[slot]! & ~write) | (prev && inName ? write : 0);
        if (t === last && alive[slot]) m.add(slot, 0);
      } else if (st === done && inName && (t === 0 || (bits[slot]! & read) !== 0)) {
        bits[slot] = bits[slot]! | write;
      }
    }
  }
  const allInName = 1 << (from.length & 1);
  for (let i = first; i < m.length; i++) {
    const slot = m.list[i]!;
    m.score[slot] = ((bits[slot]! & allInName) !== 0 ? TIER_NAME : TIER_ANY) * TIER + rank[slot]!;
  }
}

function byForward(
  docs: DocTable,
  built: BuiltIndex,
  from: readonly number[],
  to: readonly number[],
  driver: number,
  g: number,
  m: MatchSet,
): void {
  const { starts, postings, forward } = built.words;
  const { starts: fStarts, entries } = forward!;
  const { alive } = docs;
  const stamp = m.wordStamp;
  const rank = built.order.rank;
  for (let p = starts[from[driver]!]!, end = starts[to[driver]!]!; p < end; p++) {
    const slot = postings[p]! >>> 1;
    // A slot shows up once per matching token of the driver: look at it once.
    if (stamp[slot] === g || !alive[slot]) continue;
    stamp[slot] = g;
    let allInName = true;
    let all = true;
    const eFrom = fStarts[slot]!;
    const eEnd = fStarts[slot + 1]!;
    for (let t = 0; t < from.length; t++) {
      const lo = from[t]!;
      const span = to[t]! - lo;
      // 2: no token of the slot in the term's range; 1: only outside the name; 0: in the name.
      let best = 2;
      for (let e = eFrom; e < eEnd; e++) {
        const x = entries[e]!;
        if (((x >>> 1) - lo) >>> 0 < span && (x & 1) < best) best = x & 1;
      }
      if (best === 2) {
        all = false;
        break;
      }
      if (best === 1) allInName = false;
    }
    if (all) m.add(slot, (allInName ? TIER_NAME : TIER_ANY) * TIER + rank[slot]!);
  }
}
