/** Text with each case-insensitive occurrence of the search query marked. */
import { queryPattern } from '../../../../src/json-text/json-search';

export function Highlighted({ text, query }: { text: string; query: string }) {
  if (query === '') return <>{text}</>;
  const pattern = queryPattern(query);
  const parts = [];
  let from = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(<mark key={match.index}>{match[0]}</mark>);
    from = match.index + match[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  parts.push(text.slice(from));
  return <>{parts}</>;
}
