/**
 * The request line, always in view above the request tabs: Method, the profile's base URL, Path
 * and Send (Cancel while a call runs), with the full URL previewed live below. Enter in Path
 * sends, as does Ctrl/Cmd+Enter anywhere in the panel.
 */
import { useRef } from 'preact/hooks';
import { previewUrl } from '../../../src/collections/draft-checks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../../../src/vocabulary/terms';
import type { Draft } from '../state/use-request';

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
  const target = previewUrl(profile, draft, shared);
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
        <span class="url-prefix" title={`${profile.baseUrl}/v1/`}>
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
          autoComplete="off"
          value={draft.path}
          onInput={(e) => onChange({ ...draft, path: e.currentTarget.value })}
        />
        {sending ? (
          <button
            type="button"
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
      <output class={'url' in target ? 'url-preview' : 'url-preview warn'} aria-label="Full URL">
        {'url' in target ? target.url : target.problem}
      </output>
    </form>
  );
}
