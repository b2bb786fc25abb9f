/**
 * The panel's one search box: a `type="search"` field (Escape empties it, as in every browser),
 * named by `label`, which is also its placeholder unless another is given. The sidebar's
 * collections and capture filters and the JSON viewer's search use it; a place that steps through
 * matches passes `onKeyDown` (Enter, Shift+Enter).
 */
import type { KeyboardEventHandler } from 'preact';

export interface SearchFieldProps {
  /** The accessible name: tests and other automation find the field by it. */
  label: string;
  placeholder?: string;
  value: string;
  onQuery: (query: string) => void;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}

export function SearchField({
  label,
  placeholder = label,
  value,
  onQuery,
  onKeyDown,
}: SearchFieldProps) {
  return (
    <input
      autoComplete="off"
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onInput={(event) => onQuery(event.currentTarget.value)}
      onKeyDown={onKeyDown}
    />
  );
}
