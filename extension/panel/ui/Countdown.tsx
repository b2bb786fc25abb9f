import { useEffect, useState } from 'preact/hooks';

function describe(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const text = h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}

/** "in 59 min 58 s", updated every second; "expired … ago" once past. */
export function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = until - now;
  return (
    <span class={left <= 0 ? 'bad' : left < 60_000 ? 'warn' : 'good'} role="timer">
      {left <= 0 ? `expired ${describe(left)}` : `expires ${describe(left)}`}
    </span>
  );
}
