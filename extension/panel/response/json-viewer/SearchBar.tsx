/** The search box of the body tree: query, match count, and steps between matches. */
import { SearchField } from '../../ui/SearchField';
import type { SearchState } from './use-body-search';

interface SearchBarProps {
  query: string;
  found: SearchState;
  /** Position of the current match, or -1 before the first step. */
  matchIndex: number;
  onQuery(query: string): void;
  onStep(step: 1 | -1): void;
}

function describeMatches(query: string, found: SearchState, matchIndex: number): string {
  if (query === '') return '';
  if (found.search?.query !== query) return 'Searching…';
  const noun = found.count === 1 ? 'match' : 'matches';
  const position = matchIndex >= 0 ? `${matchIndex + 1} of ` : '';
  const counted = found.count === 0 ? 'No matches' : `${position}${found.count} ${noun}`;
  return found.done ? counted : `Searching… ${counted}`;
}

export function SearchBar({ query, found, matchIndex, onQuery, onStep }: SearchBarProps) {
  const canStep = found.search?.query === query && found.count > 0;
  return (
    <div class="jv-search">
      <SearchField
        label="Search body"
        placeholder="Search keys and values"
        value={query}
        onQuery={onQuery}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !canStep) return;
          event.preventDefault();
          onStep(event.shiftKey ? -1 : 1);
        }}
      />
      <span class="jv-count" role="status">
        {describeMatches(query, found, matchIndex)}
      </span>
      <button
        type="button"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={!canStep}
        onClick={() => onStep(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={!canStep}
        onClick={() => onStep(1)}
      >
        ↓
      </button>
    </div>
  );
}
