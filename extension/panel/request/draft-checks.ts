/**
 * What the workbench asks of a draft: is it still the saved request it was opened from, and what
 * does the composer flag about it (an unknown variable, a path outside /v1/, a body that is not
 * JSON), in one sentence.
 */
import type { SavedRequest } from '../../../src/collections/model';
import type { ProfileView } from '../../../src/service/profile-input';
import type { NameValue } from '../../../src/vocabulary/terms';
import { bodyProblem } from './BodyTab';
import { previewUrl } from './RequestLine';
import type { Draft } from './use-request';

export function sameCall(draft: Draft, request: SavedRequest): boolean {
  const { method, path, query, headers, body } = request;
  return JSON.stringify(draft) === JSON.stringify({ method, path, query, headers, body });
}

export const NO_VARIABLES: readonly NameValue[] = [];

/** What the composer flags about a call, as one sentence, or null when nothing. */
export function draftProblem(
  profile: ProfileView,
  draft: Draft,
  shared: readonly NameValue[],
): string | null {
  const target = previewUrl(profile, draft, shared);
  return 'problem' in target ? target.problem : bodyProblem(draft.body);
}
