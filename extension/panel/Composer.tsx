/** Composes a `/v1` call for the active profile: method, path under /v1/, and a body. */
import { useState } from 'preact/hooks';
import { HTTP_METHODS, type HttpMethod, type ProfileView } from '../../src/protocol/messages';

export interface ComposedCall {
  method: HttpMethod;
  path: string;
  body: string;
}

interface Props {
  profile: ProfileView;
  sending: boolean;
  onSend: (call: ComposedCall) => void;
}

export function Composer({ profile, sending, onSend }: Props) {
  const [method, setMethod] = useState<HttpMethod>('GET');
  const [path, setPath] = useState('');
  const [body, setBody] = useState('');

  function submit(event: Event) {
    event.preventDefault();
    onSend({ method, path, body });
  }

  return (
    <form class="composer" onSubmit={submit} aria-label="Request composer">
      <div class="request-line">
        <label class="visually-hidden" for="method">
          Method
        </label>
        <select
          id="method"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as HttpMethod)}
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
          value={path}
          onInput={(e) => setPath(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={sending}>
          Send
        </button>
      </div>
      <label for="body">Body</label>
      <textarea
        id="body"
        rows={5}
        spellcheck={false}
        placeholder={
          method === 'GET' || method === 'HEAD' ? `${method} sends no body` : '{ "json": true }'
        }
        value={body}
        onInput={(e) => setBody(e.currentTarget.value)}
      />
    </form>
  );
}
