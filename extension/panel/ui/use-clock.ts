/**
 * The time now, for views that change with it: re-renders at `nextAt`, the moment what the view
 * shows next changes (a token turning expiring, then expired).
 */
import { useEffect, useState } from 'preact/hooks';

export function useClock(nextAt: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (nextAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextAt - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [nextAt, now]);
  return now;
}
