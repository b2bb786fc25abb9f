import type { NameValue } from '../../../src/vocabulary/terms';

/** A header list as a definition list (name, value), for requests and responses alike. */
export function HeaderList({ headers }: { headers: NameValue[] }) {
  return (
    <dl class="headers">
      {headers.map(({ name, value }, index) => (
        <div key={`${name}-${index}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
