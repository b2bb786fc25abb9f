/**
 * Composes a `/v1` call for the active profile: method, path under /v1/ with a live preview of the
 * full URL, query parameters, extra headers beside the read-only contract headers, and a JSON body
 * with validation and Format. `{{variables}}` resolve from the profile; unknown ones are shown here
 * and the worker refuses to send them. Ctrl/Cmd+Enter sends, Escape cancels.
 */

import { CONTRACT_HEADERS } from '../../../src/service/headers';
import { reindentJson } from '../../../src/service/json-indent';
import type { ProfileView } from '../../../src/service/profile-input';
import { buildV1Request } from '../../../src/service/v1-request';
import { resolveCall, variablesOf } from '../../../src/service/variables';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../../../src/vocabulary/terms';
import { KeyValueTable } from '../ui/KeyValueTable';

export interface Draft {
  method: HttpMethod;
  path: string;
  query: NameValue[];
  headers: NameValue[];
  body: string;
}

export const EMPTY_DRAFT: Draft = { method: 'GET', path: '', query: [], headers: [], body: '' };

interface Props {
  profile: ProfileView;
  draft: Draft;
  onChange: (draft: Draft) => void;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}

function preview(profile: ProfileView, draft: Draft): { url: string } | { problem: string } {
  const resolved = resolveCall(draft, variablesOf(profile));
  if (resolved.unresolved.length > 0) {
    return {
      problem: `Unknown variable: ${resolved.unresolved.map((name) => `{{${name}}}`).join(', ')}`,
    };
  }
  const built = buildV1Request(profile, { kind: 'bearer', accessToken: 'preview' }, resolved.call);
  return built.ok ? { url: built.value.url } : { problem: built.error.message };
}

function bodyProblem(body: string): string | null {
  if (body.trim() === '' || /\{\{/.test(body)) return null;
  return reindentJson(body) === null
    ? 'The body is not valid JSON (Content-Type is application/json).'
    : null;
}

export function Composer({ profile, draft, onChange, sending, onSend, onCancel }: Props) {
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const target = preview(profile, draft);
  const bodyIssue = bodyProblem(draft.body);
  const auth =
    profile.authMethod === 'apiKey'
      ? { name: 'x-apikey', value: profile.secrets.apiKey ?? '(no API key saved)' }
      : { name: 'Authorization', value: 'Bearer ••••  (the profile’s token)' };
  const clash = draft.headers.find((header) =>
    (CONTRACT_HEADERS as readonly string[]).includes(header.name.trim().toLowerCase()),
  );

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!sending) onSend();
    } else if (event.key === 'Escape' && sending) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form
      class="composer"
      aria-label="Request composer"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) onSend();
      }}
    >
      <div class="request-line">
        <label class="visually-hidden" for="method">
          Method
        </label>
        <select
          id="method"
          value={draft.method}
          onChange={(e) => set({ method: e.currentTarget.value as HttpMethod })}
        >
          {HTTP_METHODS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <span class="url-prefix" title="Base URL of the active profile">
          {profile.baseUrl}/v1/
        </span>
        <label class="visually-hidden" for="path">
          Path
        </label>
        <input
          id="path"
          class="path"
          placeholder="products"
          spellcheck={false}
          value={draft.path}
          onInput={(e) => set({ path: e.currentTarget.value })}
        />
        <button type="submit" class="primary" disabled={sending} title="Send (Ctrl+Enter)">
          Send
        </button>
        {sending && (
          <button type="button" onClick={onCancel} title="Cancel (Escape)">
            Cancel
          </button>
        )}
      </div>
      <output class={'url' in target ? 'url-preview' : 'url-preview warn'} aria-label="Full URL">
        {'url' in target ? target.url : target.problem}
      </output>
      <details open={draft.query.length > 0}>
        <summary>Query parameters ({draft.query.length})</summary>
        <KeyValueTable
          noun="Query parameter"
          rows={draft.query}
          onChange={(query) => set({ query })}
        />
      </details>
      <details open={draft.headers.length > 0}>
        <summary>Headers ({3 + draft.headers.length})</summary>
        <dl class="headers contract" aria-label="Headers set by the profile">
          <div>
            <dt>Content-Type</dt>
            <dd>application/json</dd>
          </div>
          <div>
            <dt>companyId</dt>
            <dd>{profile.companyId}</dd>
          </div>
          <div>
            <dt>{auth.name}</dt>
            <dd>{auth.value}</dd>
          </div>
        </dl>
        <KeyValueTable
          noun="Header"
          rows={draft.headers}
          onChange={(headers) => set({ headers })}
        />
        {clash && (
          <p class="warn" role="status">
            {clash.name} is set by the profile and cannot be overridden.
          </p>
        )}
      </details>
      <div class="body-label">
        <label for="body">Body</label>
        <button
          type="button"
          disabled={draft.body.trim() === '' || bodyIssue !== null}
          onClick={() => set({ body: reindentJson(draft.body) ?? draft.body })}
        >
          Format
        </button>
        {bodyIssue && (
          <span class="warn" role="status">
            {bodyIssue}
          </span>
        )}
      </div>
      <textarea
        id="body"
        rows={4}
        spellcheck={false}
        placeholder={
          draft.method === 'GET' || draft.method === 'HEAD'
            ? `${draft.method} sends no body`
            : '{ "json": true }'
        }
        value={draft.body}
        onInput={(e) => set({ body: e.currentTarget.value })}
      />
    </form>
  );
}
