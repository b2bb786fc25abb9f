/** The request's query parameters, as an editable table (`{{variables}}` resolve on send). */
import type { NameValue } from '../../../src/vocabulary/terms';
import { KeyValueTable } from '../ui/KeyValueTable';

export function ParamsTab({
  rows,
  onChange,
}: {
  rows: NameValue[];
  onChange: (rows: NameValue[]) => void;
}) {
  return (
    <>
      {rows.length === 0 && (
        <p class="muted">No query parameters. Add one, or type them after ? in Path.</p>
      )}
      <KeyValueTable noun="Query parameter" rows={rows} onChange={onChange} />
    </>
  );
}
