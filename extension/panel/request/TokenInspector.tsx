/**
 * Every field of a token response (spec section 5.3) by its spec name, decoded and explained:
 * the access token masked (Reveal and Copy ask the worker), issued_at as a date, expires_in with
 * the absolute expiry and a live countdown, products as a list, developer.email masked until shown.
 */
import { useState } from 'preact/hooks';
import { maskEmail } from '../../../src/redaction/mask';
import { diagnosticsAt } from '../../../src/service/token/token-clock';
import type { TokenSuccessView } from '../../../src/service/token/token-grant';
import { isBearerLike } from '../../../src/service/token/token-response';
import type { AppError } from '../../../src/vocabulary/errors';
import { revealToken } from '../../../src/workspace/token/token-reveal';
import { deps } from '../state/workspace';
import { Countdown } from '../ui/Countdown';
import { copyText } from '../ui/copy-text';
import { ErrorNotice } from '../ui/ErrorNotice';
import { useTickingClock } from '../ui/use-clock';
import { TokenDiagnostics } from './TokenDiagnostics';

interface Props {
  profileId: string;
  view: TokenSuccessView;
  fromCache: boolean;
}

function localAndIso(ms: number): string {
  const date = new Date(ms);
  return `${date.toLocaleString()} (${date.toISOString()})`;
}

/**
 * The diagnostics as they are now: "expires in under a minute", then "expired … ago", read from
 * the same ticking clock as every countdown, so they agree with the toolbar to the second.
 */
function LiveDiagnostics({ view }: { view: TokenSuccessView }) {
  return <TokenDiagnostics diagnostics={diagnosticsAt(view, useTickingClock())} />;
}

/**
 * What is this view's own: the token revealed (asked of the worker for this view only, never
 * kept in the store), the email shown, what Copy did, why the worker could not answer.
 */
interface Shown {
  revealed: string | null;
  showEmail: boolean;
  status: string;
  error: AppError | null;
}

export function TokenInspector({ profileId, view, fromCache }: Props) {
  const { token } = view;
  const [shown, setShown] = useState<Shown>({
    revealed: null,
    showEmail: false,
    status: '',
    error: null,
  });
  const { revealed, showEmail, status, error } = shown;
  const show = (change: Partial<Shown>) => setShown((before) => ({ ...before, ...change }));

  async function fetchToken(): Promise<string | null> {
    const token = await revealToken(deps, profileId);
    if (!token.ok) {
      show({ error: token.error });
      return null;
    }
    return token.value;
  }

  async function reveal() {
    if (revealed !== null) return show({ revealed: null });
    show({ revealed: await fetchToken() });
  }

  async function copy() {
    const value = await fetchToken();
    if (value !== null)
      show({
        status: (await copyText(value))
          ? 'Token copied.'
          : 'Copying failed: use Reveal token and copy it by hand.',
      });
  }

  const notesFor = (name: string) =>
    token.notes.filter((note) => note.field === name).map((note) => note.message);

  function renderField(name: string, json: string | null) {
    if (json === null) return <span class="muted">(not sent)</span>;
    switch (name) {
      case 'access_token':
        return (
          <>
            <code>{revealed ?? token.accessTokenMasked}</code>{' '}
            <button type="button" onClick={reveal}>
              {revealed === null ? 'Reveal token' : 'Hide token'}
            </button>{' '}
            <button type="button" onClick={copy}>
              Copy token
            </button>
          </>
        );
      case 'token_type':
        return (
          <>
            <code>{json}</code>{' '}
            {isBearerLike(token.tokenType) ? (
              <span class="muted">sent as Authorization: Bearer …</span>
            ) : (
              <span class="warn">not a Bearer type; still sent as Bearer</span>
            )}
          </>
        );
      case 'issued_at':
        return (
          <>
            <code>{json}</code>{' '}
            {token.issuedAtMs !== null && <span>= {localAndIso(token.issuedAtMs)}</span>}
          </>
        );
      case 'expires_in':
        return (
          <>
            <code>{json}</code>{' '}
            {token.expiresAtMs !== null && (
              <>
                s → {localAndIso(token.expiresAtMs)}, <Countdown until={token.expiresAtMs} />
              </>
            )}
            <small class="explain">{token.expiryExplanation}</small>
          </>
        );
      case 'status':
        return (
          <span class={`badge ${token.status?.toLowerCase() === 'approved' ? 'good' : 'warn'}`}>
            {token.status ?? json}
          </span>
        );
      case 'api_product_list':
      case 'api_product_list_json': {
        const fromThis = token.productsFrom === name;
        return (
          <>
            <code>{json}</code>
            {fromThis && (
              <ul aria-label="API products">
                {token.products.map((product) => (
                  <li key={product}>{product}</li>
                ))}
              </ul>
            )}
          </>
        );
      }
      case 'developer.email':
        return (
          <>
            <code>
              {showEmail || token.developerEmail === null
                ? json
                : JSON.stringify(maskEmail(token.developerEmail))}
            </code>{' '}
            <button type="button" onClick={() => show({ showEmail: !showEmail })}>
              {showEmail ? 'Hide email' : 'Show email'}
            </button>
          </>
        );
      default:
        return <code>{json === '""' ? '"" (empty)' : json}</code>;
    }
  }

  return (
    <>
      <p class="muted">
        {fromCache ? 'Cached token' : 'New token'} from {view.request.url} (variant{' '}
        {view.request.variant === 'basic' ? 'A, Basic header' : 'B, form body'}
        {view.request.formEncoded ? ', RFC 6749 form-encoded' : ''}), HTTP {view.response.status} in{' '}
        {view.response.durationMs} ms.
      </p>
      {error && <ErrorNotice error={error} />}
      <p role="status" class="muted">
        {status}
      </p>
      <table class="fields">
        <caption class="visually-hidden">Token response fields</caption>
        <tbody>
          {token.specFields.map(({ name, json }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>
                {renderField(name, json)}
                {notesFor(name).map((note) => (
                  <small class="explain" key={note}>
                    {note}
                  </small>
                ))}
              </td>
            </tr>
          ))}
          {token.extraFields.map(({ name, json }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>
                <code>{json}</code>{' '}
                <small class="explain">Not in the spec; shown as it came.</small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {token.jwt && (
        <details>
          <summary>The access token is a JWT: header and claims</summary>
          <pre class="body">
            {JSON.stringify({ header: token.jwt.header, claims: token.jwt.claims }, null, 2)}
          </pre>
          <ul>
            {token.jwt.times.map((time) => (
              <li key={time.claim}>
                {time.claim}: {localAndIso(time.epochSeconds * 1000)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <LiveDiagnostics view={view} />
      <details>
        <summary>Raw token response</summary>
        <pre class="body">
          {showEmail || token.developerEmail === null || token.developerEmail === ''
            ? view.response.bodyText
            : view.response.bodyText
                .split(token.developerEmail)
                .join(maskEmail(token.developerEmail))}
        </pre>
      </details>
    </>
  );
}
