/**
 * One small form for every step of the passphrase lock (turn on, unlock, change, remove). The
 * passphrases typed here go to the worker in one message and are cleared from the form after it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_PASSPHRASE_LENGTH } from '../../../src/service/storage/passphrase-limits';
import type { AppError } from '../../../src/vocabulary/errors';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';

export interface PassphraseField {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}

export interface PassphraseFormProps {
  label: string;
  fields: PassphraseField[];
  /** The name of a field that must be typed twice (a new passphrase). */
  confirm?: string;
  submitLabel: string;
  note?: string;
  onSubmit: (values: Record<string, string>) => Promise<AppError | null>;
  onCancel?: () => void;
  /** Takes focus when it appears (the Unlock form right after Lock now). */
  focusOnMount?: boolean;
}

/**
 * The longest text a passphrase field passes on: one past the lock's limit, so that a pasted
 * over-long passphrase gets the lock's own clear refusal, never a message the worker's schema
 * refuses.
 */
const PASSED_ON = MAX_PASSPHRASE_LENGTH + 1;

const MISMATCH: AppError = {
  code: 'invalid_passphrase',
  message: 'The two new passphrases differ.',
  hint: 'Type the same passphrase in both fields.',
};

/** The form as typed and sent: its fields, the repeated passphrase, a step under way, its refusal. */
interface FormState {
  values: Record<string, string>;
  repeat: string;
  busy: boolean;
  error: AppError | null;
}

const EMPTY: FormState = { values: {}, repeat: '', busy: false, error: null };

export function PassphraseForm(props: PassphraseFormProps) {
  const [{ values, repeat, busy, error }, setForm] = useState<FormState>(EMPTY);
  const change = (part: Partial<FormState>) => setForm((last) => ({ ...last, ...part }));
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (props.focusOnMount) form.current?.querySelector('input')?.focus();
  }, []);
  const id = (name: string) => `lock-${props.label.replace(/\W+/g, '-')}-${name}`.toLowerCase();

  async function submit(event: Event) {
    event.preventDefault();
    if (props.confirm !== undefined && (values[props.confirm] ?? '') !== repeat) {
      change({ error: MISMATCH });
      return;
    }
    change({ busy: true });
    const failure = await props.onSubmit(
      Object.fromEntries(
        Object.entries(values).map(([name, text]) => [name, text.slice(0, PASSED_ON)]),
      ),
    );
    change(failure === null ? EMPTY : { busy: false, error: failure });
  }

  const input = (
    name: string,
    label: string,
    autoComplete: string,
    value: string,
    set: (text: string) => void,
  ) => (
    <Field key={name} id={id(name)} label={label}>
      <input
        id={id(name)}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSED_ON}
        value={value}
        onInput={(event) => set(event.currentTarget.value)}
      />
    </Field>
  );

  return (
    <form ref={form} class="lock-form" aria-label={props.label} onSubmit={submit}>
      {props.fields.map((field) =>
        input(field.name, field.label, field.autoComplete, values[field.name] ?? '', (text) =>
          setForm((last) => ({ ...last, values: { ...last.values, [field.name]: text } })),
        ),
      )}
      {props.confirm !== undefined &&
        input('repeat', 'Confirm passphrase', 'new-password', repeat, (text) =>
          change({ repeat: text }),
        )}
      {props.note !== undefined && <p class="muted">{props.note}</p>}
      {error && <ErrorNotice error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy} aria-busy={busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
