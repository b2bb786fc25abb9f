/**
 * The request line, always in view across the top of the panes: Method, the profile's base URL as
 * a compact prefix (the whole shows on hover or focus), Path (the widest part) and Send (Cancel
 * while a call runs). Below it, the full URL only when it says more than the line does: resolved
 * `{{variables}}`, query parameters from the Params tab, encoded characters, or a problem. Enter
 * in Path sends, as does Ctrl/Cmd+Enter anywhere in the panel. The URL check loads apart
 * (url-check.ts); until it has, a plain call shows no Full URL line, as the check would say.
 */
import { useRef, useState } from 'preact/hooks';
import { isPlainDraft } from '../../../src/collections/plain-draft';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../../../src/vocabulary/terms';
import type { Draft } from '../state/use-request';
import { useLoaded } from '../ui/lazy';
import { urlCheck, urlChecks } from './url-check';

const NOT_LOADED =
  'The URL check could not be loaded. Close and reopen DevTools (the extension may have been updated).';

interface Props {
  profile: ProfileView;
  draft: Draft;
  /** The shared variables of the collection the draft was opened from. */
  shared: readonly NameValue[];
  onChange: (draft: Draft) => void;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}

export function RequestLine({
  profile,
  draft,
  shared,
  onChange,
  sending,
  onSend,
  onCancel,
}: Props) {
  const sendButton = useRef<HTMLButtonElement>(null);
  // After the first render: by the time a call needs the check, it is there.
  const failed = useLoaded(urlChecks) === 'failed';
  const check = urlCheck();
  const written = `${profile.baseUrl}/v1/${draft.path}`;
  const target =
    check !== null
      ? check(profile, draft, shared)
      : isPlainDraft(profile, draft)
        ? { url: written }
        : failed
          ? { problem: NOT_LOADED }
          : null;
  const preview =
    target === null
      ? null
      : 'url' in target
        ? target.url === written
          ? null
          : target.url
        : target.problem;
  return (
    <form
      class="request-line"
      aria-label="Request composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) onSend();
      }}
    >
      <div class="request-line-row">
        <label class="visually-hidden" for="method">
          Method
        </label>
        <select
          id="method"
          value={draft.method}
          onChange={(e) => onChange({ ...draft, method: e.currentTarget.value as HttpMethod })}
        >
          {HTTP_METHODS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <BasePrefix baseUrl={profile.baseUrl} />
        <label class="visually-hidden" for="path">
          Path
        </label>
        <input
          id="path"
          class="path"
          placeholder="products"
          spellcheck={false}
          autoComplete="off"
          value={draft.path}
          onInput={(e) => onChange({ ...draft, path: e.currentTarget.value })}
        />
        {sending ? (
          <button
            type="button"
            class="cancel"
            title="Cancel (Escape)"
            onClick={() => {
              onCancel();
              sendButton.current?.focus();
            }}
          >
            Cancel
          </button>
        ) : null}
        <button
          ref={sendButton}
          type="submit"
          class="primary"
          aria-disabled={sending}
          title="Send (Ctrl+Enter)"
        >
          Send
        </button>
      </div>
      {preview !== null && (
        <output
          class={target !== null && 'url' in target ? 'url-preview' : 'url-preview warn'}
          aria-label="Full URL"
        >
          {preview}
        </output>
      )}
    </form>
  );
}

/**
 * The base URL before Path, kept short so Path has the room: its end ("…:8080/v1/") shows, and
 * the whole on hover or when focused (a button, so the keyboard reaches it; pressing it keeps the
 * whole shown until pressed again).
 */
function BasePrefix({ baseUrl }: { baseUrl: string }) {
  const [pinned, setPinned] = useState(false);
  const whole = `${baseUrl}/v1/`;
  return (
    <button
      type="button"
      class={pinned ? 'url-prefix pinned' : 'url-prefix'}
      aria-label={`Base URL: ${whole}`}
      aria-pressed={pinned}
      title={whole}
      onClick={() => setPinned(!pinned)}
    >
      <span class="url-prefix-text">
        <bdi dir="ltr">{whole}</bdi>
      </span>
      <span class="url-prefix-whole" aria-hidden="true">
        {whole}
      </span>
    </button>
  );
}
