/**
 * The JSON tree's body search, one state: the query as typed, and what it found so far. It runs
 * in slices of a few milliseconds, yielding to the browser between them, so typing into the
 * search box of a 10 MB body never freezes the panel. A new query or body drops the run in
 * progress; a short pause after each keystroke avoids searching for every prefix.
 */
import { useEffect, useState } from 'preact/hooks';
import { BodySearch } from '../../../../src/json-text/json-search';

const TYPING_PAUSE_MS = 150;
const SLICE_MS = 12;
const CHARS_PER_STEP = 256 * 1024;

export interface SearchState {
  /** Null while the query is empty. */
  search: BodySearch | null;
  count: number;
  done: boolean;
}

const IDLE: SearchState = { search: null, count: 0, done: true };

export function useBodySearch(
  text: string,
): SearchState & { query: string; setQuery: (query: string) => void } {
  const [state, setState] = useState<SearchState & { query: string }>({ ...IDLE, query: '' });
  const { query } = state;
  useEffect(() => {
    if (query === '') {
      setState((last) => (last.search === null ? last : { ...IDLE, query: last.query }));
      return;
    }
    const search = new BodySearch(text, query);
    const slice = () => {
      const deadline = performance.now() + SLICE_MS;
      while (!search.step(CHARS_PER_STEP) && performance.now() < deadline);
      setState((last) => ({ query: last.query, search, count: search.count, done: search.done }));
      if (!search.done) timer = setTimeout(slice, 0);
    };
    let timer = setTimeout(slice, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);
  return { ...state, setQuery: (typed: string) => setState((last) => ({ ...last, query: typed })) };
}
