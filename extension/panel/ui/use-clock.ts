/**
 * The time now, for views that change with it. `useClock` re-renders at `nextAt`, the moment what
 * the view shows next changes (a token turning expiring, then expired). `useTickingClock` re-renders
 * every second from one clock the whole panel shares: every countdown and the token diagnostics
 * read the same instant at each tick, so the toolbar's "expired 8 s ago" and the Auth tab's "It
 * expired 8 s ago" are one reading, never two.
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

const TICK_MS = 1000;
const listeners = new Set<(now: number) => void>();
let tickNow = Date.now();
let ticker: ReturnType<typeof setInterval> | null = null;

/** The shared clock's reading: the last tick while it runs, else the time now. */
function reading(): number {
  if (ticker === null) tickNow = Date.now();
  return tickNow;
}

function subscribe(listener: (now: number) => void): () => void {
  listeners.add(listener);
  if (ticker === null) {
    tickNow = Date.now();
    ticker = setInterval(() => {
      tickNow = Date.now();
      for (const each of listeners) each(tickNow);
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

export function useTickingClock(): number {
  const [now, setNow] = useState(reading);
  useEffect(() => {
    // A tick may have come between the first render and this subscription: catch up to it.
    setNow(reading());
    return subscribe(setNow);
  }, []);
  return now;
}
