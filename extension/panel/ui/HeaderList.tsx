import type { NameValue } from '../../../src/vocabulary/terms';

/** A header list as a definition list (name, value), for requests and responses alike. */
export function HeaderList({ headers, label }: { headers: NameValue[]; label?: string }) {
  if (headers.length === 0) return <p class="muted">(no headers)</p>;
  return (
    <dl class="headers" aria-label={label}>
      {headers.map(({ name, value }, index) => (
        <div key={`${name}-${index}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
