/**
 * The line shown when a new token could not be had while the cached one stays in use: "A new
 * token could not be had; still using ••••Kr6v, expires in 53 min 59 s". The toolbar and the Auth
 * tab both say it with this one component, so they never word it differently. It names the token
 * the next call carries (the worker's rule: a cached token good for over a minute is sent), and
 * the moment that token is within a minute of expiry (when the worker stops sending it), it says
 * so instead of "still using".
 */
import { nextChangeAt, tokenStateAt } from '../../../src/service/token/token-clock';
import type { TokenSuccessView } from '../../../src/service/token/token-grant';
import { Countdown } from './Countdown';
import { useClock } from './use-clock';

export function StillUsing({ view, summary }: { view: TokenSuccessView; summary: string }) {
  const now = useClock(nextChangeAt(view, Date.now()));
  const inUse = tokenStateAt(view, now) === 'good';
  const { accessTokenMasked, expiresAtMs } = view.token;
  return (
    <span class="still-using">
      <span class="bad" title={summary}>
        A new token could not be had;
      </span>{' '}
      {inUse ? 'still using' : 'the cached'}{' '}
      <code title="The cached token (masked)">{accessTokenMasked}</code>
      {expiresAtMs !== null && (
        <>
          {inUse ? ', ' : ' '}
          <Countdown until={expiresAtMs} />
        </>
      )}
      {!inUse && ', so the next call asks for a new one'}
    </span>
  );
}
