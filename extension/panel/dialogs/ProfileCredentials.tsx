/**
 * The profile editor's credentials: the client ID, the client secret and how they are encoded for
 * an OAuth profile, or the API key. A saved secret is never shown again: its hint names the masked
 * value, and an empty input keeps it. Its ids are this form's own (`useId`), so that a label always
 * names the input beside it, whichever other editor is on the page.
 */
import { useId } from 'preact/hooks';
import type { AuthMethod } from '../../../src/vocabulary/terms';
import { Field } from '../ui/Field';
import { SecretInput } from '../ui/SecretInput';

interface Props {
  authMethod: AuthMethod;
  /** The masked views of the saved secrets (null: none saved). */
  saved: { apiKey: string | null; clientSecret: string | null };
  clientId: string;
  onClientId: (value: string) => void;
  clientSecret: string;
  onClientSecret: (value: string) => void;
  formEncode: boolean;
  onFormEncode: (on: boolean) => void;
  apiKey: string;
  onApiKey: (value: string) => void;
}

interface SecretProps {
  id: string;
  label: string;
  /** What the secret is, in words ("API key"), for the Show and Hide buttons. */
  what: string;
  value: string;
  onInput: (value: string) => void;
  /** The saved secret's masked view, or null when none is saved. */
  masked: string | null;
}

function SecretField({ id, label, what, value, onInput, masked }: SecretProps) {
  return (
    <Field id={id} label={label}>
      <SecretInput id={id} what={what} value={value} describedBy={`${id}-hint`} onInput={onInput} />
      <small id={`${id}-hint`}>
        {masked
          ? `Saved: ${masked}. Leave empty to keep it, or type a new value to replace it.`
          : ''}
      </small>
    </Field>
  );
}

export function ProfileCredentials(props: Props) {
  const id = useId();
  if (props.authMethod === 'apiKey') {
    return (
      <SecretField
        id={`${id}-api-key`}
        label="API key"
        what="API key"
        value={props.apiKey}
        onInput={props.onApiKey}
        masked={props.saved.apiKey}
      />
    );
  }
  return (
    <>
      <Field id={`${id}-client-id`} label="Client ID">
        <input
          autoComplete="off"
          id={`${id}-client-id`}
          value={props.clientId}
          onInput={(e) => props.onClientId(e.currentTarget.value)}
        />
      </Field>
      <SecretField
        id={`${id}-client-secret`}
        label="Client secret"
        what="client secret"
        value={props.clientSecret}
        onInput={props.onClientSecret}
        masked={props.saved.clientSecret}
      />
      {props.authMethod === 'oauthBasic' && (
        <div class="field checkbox-field">
          <label>
            <input
              type="checkbox"
              checked={props.formEncode}
              aria-describedby={`${id}-form-encode-hint`}
              onChange={(e) => props.onFormEncode(e.currentTarget.checked)}
            />
            Form-encode credentials (RFC 6749)
          </label>
          <small id={`${id}-form-encode-hint`}>
            Off: client_id:client_secret is sent as typed, as the spec and Apigee expect. On: both
            are form-encoded first, as standards-strict servers expect.
          </small>
        </div>
      )}
    </>
  );
}
