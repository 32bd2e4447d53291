import { useEffect, useState } from 'react';

/** Date.now(), re-read every `everyMs` so relative times ("5 minutes ago") move on their own. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
