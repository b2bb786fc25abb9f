/**
 * The request body: JSON (the contract's Content-Type is application/json), checked as it is
 * typed, with the line and column where it stops being JSON, and Format to indent it.
 */
import { bodyProblem } from '../../../src/collections/draft-checks';
import { reindentJson } from '../../../src/json-text/json-indent';
import type { HttpMethod } from '../../../src/vocabulary/terms';
import { useJsonLocator } from './use-json-locator';

interface Props {
  method: HttpMethod;
  body: string;
  onChange: (body: string) => void;
}

export function BodyTab({ method, body, onChange }: Props) {
  const problem = bodyProblem(body, useJsonLocator(body));
  return (
    // A form with autocomplete off: Chrome then keeps no form state of the textarea (its
    // session files would otherwise hold whatever the body held, a pasted key included).
    <form class="body-tab" autoComplete="off" onSubmit={(e) => e.preventDefault()}>
      <div class="row">
        <label for="body">Body</label>
        <span class="muted">JSON, sent as application/json</span>
        <button
          type="button"
          disabled={body.trim() === '' || problem !== null}
          onClick={() => onChange(reindentJson(body) ?? body)}
        >
          Format
        </button>
      </div>
      {problem && (
        <p class="warn" role="status">
          {problem}
        </p>
      )}
      <textarea
        autoComplete="off"
        id="body"
        rows={8}
        spellcheck={false}
        placeholder={
          method === 'GET' || method === 'HEAD' ? `${method} sends no body` : '{ "json": true }'
        }
        value={body}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    </form>
  );
}
