import type { ComponentChildren } from 'preact';

/** A form field: its visible label, tied to the control by `id`, above the control. */
export function Field(props: { id: string; label: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
    </div>
  );
}
