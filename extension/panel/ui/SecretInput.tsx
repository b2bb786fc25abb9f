/**
 * A secret's input with a Show toggle, so that a user can check what they typed (a stray space,
 * a missing character) before saving. Hidden again whenever it is emptied, as after a save:
 * a saved secret never comes back to the panel anyway. The toggle's name comes from its text
 * ("Show client secret"), so a search by the field's label finds the input alone.
 */
import { useState } from 'preact/hooks';

interface Props {
  id: string;
  /** What the secret is called, lower case where it is not a name: "client secret", "API key". */
  what: string;
  value: string;
  describedBy: string;
  onInput: (value: string) => void;
}

export function SecretInput({ id, what, value, describedBy, onInput }: Props) {
  const [shown, setShown] = useState(false);
  const visible = shown && value !== '';
  const field = {
    id,
    autoComplete: 'off',
    spellcheck: false,
    value,
    'aria-describedby': describedBy,
    onInput: (e: Event) => onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="secret-input">
      {visible ? <input type="text" {...field} /> : <input type="password" {...field} />}
      <button type="button" aria-pressed={visible} onClick={() => setShown(!visible)}>
        Show<span class="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}
