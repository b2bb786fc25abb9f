/**
 * "expires in 59 min 58 s", then "expired 8 s ago": a token's time left, read from the panel's one
 * ticking clock (`useTickingClock`) and worded by `spanWords`, as the token diagnostics beside it
 * are, so the two never disagree by a second.
 */
import { spanWords } from '../../../src/vocabulary/span-words';
import { useTickingClock } from './use-clock';

export function Countdown({ until }: { until: number }) {
  const left = until - useTickingClock();
  return (
    <span class={left <= 0 ? 'bad' : left < 60_000 ? 'warn' : 'good'} role="timer">
      {left <= 0 ? `expired ${spanWords(left)} ago` : `expires in ${spanWords(left)}`}
    </span>
  );
}
