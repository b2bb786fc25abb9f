/**
 * The profile editor's question when a URL moves to another origin while the saved secret's field
 * is left empty: does the saved secret go with the new address? Unticked by default, so that a
 * saved secret never follows a changed host without a word (src/service/profile/secret-origin.ts).
 */
import { useId } from 'preact/hooks';
import type { OriginMove } from '../../../src/service/profile/secret-origin';

interface Props {
  move: OriginMove;
  /** 'API key' or 'client secret'. */
  secretLabel: string;
  keep: boolean;
  onKeep: (keep: boolean) => void;
}

export function SecretOriginQuestion({ move, secretLabel, keep, onKeep }: Props) {
  const hint = useId();
  return (
    <div class="field checkbox-field">
      <label>
        <input
          type="checkbox"
          checked={keep}
          aria-describedby={hint}
          onChange={(e) => onKeep(e.currentTarget.checked)}
        />
        Send the saved {secretLabel} to the new address
      </label>
      <small id={hint} role="status">
        The {move.label} now points at {move.to} (was {move.from}). Unticked, the saved{' '}
        {secretLabel} stays behind: enter the one for the new address.
      </small>
    </div>
  );
}
