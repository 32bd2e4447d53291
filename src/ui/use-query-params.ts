import { useSearchParams } from 'react-router';

/**
 * The page's URL query and a setter that changes some of its parameters and keeps the rest;
 * an empty value removes its parameter.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  return [params, set] as const;
}
