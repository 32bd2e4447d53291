/** A pull page's version range (pull-sources.ts, pull-packed.ts, pull-service.ts): after < version <= upTo. */
export interface Range {
  after: number;
  upTo: number;
}
