/**
 * The request's query parameters: those typed after `?` in Path, listed (and editable) here as
 * typed, then the query rows added here (`{{variables}}` resolve on send, values are encoded).
 */
import { joinPathQuery, splitPathQuery } from '../../../src/collections/path-query';
import type { NameValue } from '../../../src/vocabulary/terms';
import { KeyValueTable } from '../ui/KeyValueTable';

interface Props {
  path: string;
  rows: NameValue[];
  onPath: (path: string) => void;
  onChange: (rows: NameValue[]) => void;
}

export function ParamsTab({ path, rows, onPath, onChange }: Props) {
  const typed = splitPathQuery(path);
  return (
    <>
      {typed.pairs.length > 0 && (
        <section aria-label="Typed in Path" class="params-in-path">
          <h3>Typed in Path</h3>
          <KeyValueTable
            noun="Typed query parameter"
            canAdd={false}
            rows={typed.pairs.map(({ name, value }) => ({ name, value: value ?? '' }))}
            onChange={(edited) =>
              onPath(
                joinPathQuery(
                  typed.path,
                  // A bare name (`?flag`) stays bare until it is given a value.
                  edited.map(({ name, value }, index) => ({
                    name,
                    value: value === '' && typed.pairs[index]?.value === null ? null : value,
                  })),
                ),
              )
            }
          />
        </section>
      )}
      {rows.length === 0 && typed.pairs.length === 0 && (
        <p class="muted">No query parameters. Add one, or type them after ? in Path.</p>
      )}
      {typed.pairs.length > 0 && <h3>Added here</h3>}
      <KeyValueTable noun="Query parameter" rows={rows} onChange={onChange} />
    </>
  );
}
