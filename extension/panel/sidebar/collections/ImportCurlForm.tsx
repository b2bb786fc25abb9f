/**
 * Import cURL: a pasted command (Chrome's "Copy as cURL" or ours) becomes the composed call.
 * Credentials in it are recognised and dropped: the active profile authenticates calls.
 */
import { useState } from 'preact/hooks';
import type { ProfileView } from '../../../../src/service/profile-input';
import type { AppError } from '../../../../src/vocabulary/errors';
import type { Draft } from '../../request/Composer';
import { ErrorNotice } from '../../ui/ErrorNotice';

export function ImportCurlForm({
  profile,
  onImport,
}: {
  profile: ProfileView;
  onImport: (draft: Draft) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [notes, setNotes] = useState<string[]>([]);
  const [error, setError] = useState<AppError | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    // Loaded on first use: the cURL parser is large and most sessions never need it.
    const { importCurl } = await import('../../../../src/collections/curl-import');
    const result = importCurl(text, { baseUrl: profile.baseUrl });
    if (!result.ok) return setError(result.error);
    setError(null);
    setNotes(result.value.notes);
    onImport(result.value.request);
    setText('');
    setOpen(false);
  }

  return (
    <div class="import-curl">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Import cURL
      </button>
      {open && (
        <form onSubmit={submit} aria-label="Import cURL">
          <label for="curl-text">cURL command</label>
          <textarea
            id="curl-text"
            rows={4}
            spellcheck={false}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
          />
          <button type="submit">Import</button>
        </form>
      )}
      {error && <ErrorNotice error={error} />}
      {notes.length > 0 && (
        <ul role="status" aria-label="cURL import notes" class="notice notice-warn">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
