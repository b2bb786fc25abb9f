/**
 * The capture slice's shape and actions: the inspected page's calls as the panel captured them
 * (every credential masked, then every secret the worker holds), which of them still wait for
 * their response body, what could not be read and why, the tokens the worker knows by their
 * fingerprints, why a call could not go to the composer, and what Export captured saved last.
 * It lives in panel memory only: nothing captured is ever stored. Its reducer is capture-slice.ts,
 * run by its commands (capture-commands.ts), which give the store the new slice whole.
 */
import type { CaptureList } from '../../capture/capture-list';
import type { KnownToken } from '../../capture/token-fingerprint';
import type { AppError } from '../../vocabulary/errors';

/** What a captured call can be taken into the composer for. */
export type CaptureAction = 'open' | 'replay' | 'save';

export interface CaptureSlice {
  list: CaptureList;
  /** Keys of the calls whose response body is still being read. */
  reading: readonly string[];
  /** The page's Bearer tokens the worker obtained, by fingerprint, with their expiry. */
  known: readonly KnownToken[];
  /** Why the expired-token check could not run (the worker did not answer), if it could not. */
  tokenCheckError: AppError | null;
  /** Requests that could not be read into a captured call, and why the last one could not. */
  unreadable: number;
  lastUnreadable: string;
  /** Why the chosen call could not be opened in the composer. */
  notice: string | null;
  /** What Export captured saved last (its file name), until the list is cleared. */
  exported: string | null;
}

export type CaptureSliceAction =
  /** The list with new calls (computed by the command), and the keys whose body is now read. */
  | { type: 'capture/listed'; list: CaptureList; reading: readonly string[] }
  /** A body read (the list with the call replaced), or given up on (`list` null). */
  | { type: 'capture/body-read'; key: string; list: CaptureList | null }
  | { type: 'capture/not-read'; count: number; why: string }
  | { type: 'capture/tokens'; known: readonly KnownToken[] | null; error: AppError | null }
  | { type: 'capture/set'; set: Partial<Pick<CaptureSlice, 'notice' | 'exported'>> }
  /** Clear: the list, what is known of it and what was said about it. */
  | { type: 'capture/cleared' };

export const EMPTY_CAPTURE: CaptureSlice = {
  list: { calls: [], dropped: 0 },
  reading: [],
  known: [],
  tokenCheckError: null,
  unreadable: 0,
  lastUnreadable: '',
  notice: null,
  exported: null,
};
