/**
 * An editable list of name/value rows (query parameters, extra headers, profile variables). Every
 * input and button is named after its row, e.g. "Header 2 name", "Remove header 2".
 */
import { rowAdded, rowChanged, rowRemoved } from '../../../src/vocabulary/name-value-rows';
import type { NameValue } from '../../../src/vocabulary/terms';

interface Props {
  /** Singular noun for names: "Query parameter", "Header", "Variable". */
  noun: string;
  rows: NameValue[];
  onChange: (rows: NameValue[]) => void;
  namePlaceholder?: string;
  valuePlaceholder?: string;
  /** False for rows that live elsewhere (the query typed in Path): no Add button. */
  canAdd?: boolean;
}

export function KeyValueTable(props: Props) {
  const { noun, rows, onChange, namePlaceholder, valuePlaceholder, canAdd = true } = props;
  const lower = noun.toLowerCase();
  const update = (index: number, patch: Partial<NameValue>) =>
    onChange(rowChanged(rows, index, patch));
  return (
    <div class="kv">
      {rows.map((row, index) => (
        <div class="kv-row" key={index}>
          <input
            aria-label={`${noun} ${index + 1} name`}
            placeholder={namePlaceholder ?? 'name'}
            spellcheck={false}
            autoComplete="off"
            value={row.name}
            onInput={(e) => update(index, { name: e.currentTarget.value })}
          />
          <input
            aria-label={`${noun} ${index + 1} value`}
            placeholder={valuePlaceholder ?? 'value'}
            spellcheck={false}
            autoComplete="off"
            value={row.value}
            onInput={(e) => update(index, { value: e.currentTarget.value })}
          />
          <button
            type="button"
            aria-label={`Remove ${lower} ${index + 1}`}
            title={`Remove ${lower} ${index + 1}`}
            onClick={() => onChange(rowRemoved(rows, index))}
          >
            ×
          </button>
        </div>
      ))}
      {canAdd && (
        <button type="button" onClick={() => onChange(rowAdded(rows))}>
          Add {lower}
        </button>
      )}
    </div>
  );
}
