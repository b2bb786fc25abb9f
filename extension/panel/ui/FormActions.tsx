/** A dialog form's buttons: its action (the form's submit) and Cancel, in that order. */
export function FormActions({ submit, onCancel }: { submit: string; onCancel: () => void }) {
  return (
    <div class="actions">
      <button type="submit" class="primary">
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
