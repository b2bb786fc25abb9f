/**
 * Import cURL: a pasted command (Chrome's "Copy as cURL", bash or cmd, one from API docs, or ours)
 * becomes the composed call. Credentials in it are recognised and dropped: the active profile
 * authenticates calls; the notes say what was dropped or changed. Loaded on first use (the cURL
 * reader is large and most sessions never need it). The command's box grows with what is pasted,
 * up to the dialog's room, so a long command shows whole.
 */
import { useState } from 'preact/hooks';
import { importCurl } from '../../../src/formats/curl/curl-import';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import type { Draft } from '../state/use-request';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/ErrorNotice';
import { FormActions } from '../ui/FormActions';
import './ImportCurlDialog.css';

interface Props {
  profile: ProfileView;
  onImport: (draft: Draft, notes: string[]) => void;
  onClose: () => void;
}

/** Rows for the box: the command's lines (Firefox has no `field-sizing`), within a bound. */
function rowsFor(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1 && lines < 60; at = text.indexOf('\n', at + 1))
    lines += 1;
  return Math.max(8, lines + 1);
}

export function ImportCurlDialog({ profile, onImport, onClose }: Props) {
  // The command as typed, and why the last Import refused it (kept while it is edited).
  const [{ text, error }, setForm] = useState<{ text: string; error: AppError | null }>({
    text: '',
    error: null,
  });

  function submit(event: Event) {
    event.preventDefault();
    const result = importCurl(text, { baseUrl: profile.baseUrl });
    if (!result.ok) return setForm({ text, error: result.error });
    onImport(result.value.request, result.value.notes);
    onClose();
  }

  return (
    <Dialog title="Import cURL" onClose={onClose}>
      <form onSubmit={submit} aria-label="Import cURL" autoComplete="off" class="import-curl">
        <label for="curl-text">cURL command</label>
        <textarea
          autoComplete="off"
          id="curl-text"
          rows={rowsFor(text)}
          spellcheck={false}
          value={text}
          onInput={(e) => setForm({ text: e.currentTarget.value, error })}
        />
        {error && <ErrorNotice error={error} />}
        <FormActions submit="Import" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
