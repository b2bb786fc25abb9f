/**
 * What the composer flags about the call being composed, before it is sent or saved: the URL it
 * will go to (or why it cannot go anywhere yet: an oversized part, an unknown variable, a path
 * outside /v1/) and a body that is not JSON (whether it is still the saved request it was opened
 * from is same-call.ts, which the panel's start-up code needs: this loads apart). Pure: the panel only renders the answers. It sits in collections/ because it needs the
 * saved-request model as well as the service's URL rules. Where a body stops being JSON is told by
 * `locate` (json-syntax.ts `locateJsonError`), which the panel loads only once a body is typed.
 */
import type { JsonSyntaxError } from '../json-text/json-syntax';
import { buildV1Request } from '../service/call/v1-request';
import { cycleError, resolveCall, variablesOf } from '../service/call/variables';
import { type ComposedCall, type NameValue, oversizedPart } from '../vocabulary/terms';

/** The profile settings a preview needs (a ProfileView has them). */
export interface PreviewProfile {
  baseUrl: string;
  companyId: string;
  variables: readonly NameValue[];
}

/** The URL the call will go to, or why it cannot go anywhere yet. */
export function previewUrl(
  profile: PreviewProfile,
  draft: ComposedCall,
  shared: readonly NameValue[] = [],
): { url: string } | { problem: string } {
  const oversized = oversizedPart(draft);
  if (oversized !== null) return { problem: oversized };
  const resolved = resolveCall(draft, variablesOf(profile, shared));
  const loop = cycleError(resolved.cycles);
  if (loop !== null) return { problem: loop.error.message };
  if (resolved.unresolved.length > 0) {
    return {
      problem: `Unknown variable: ${resolved.unresolved.map((name) => `{{${name}}}`).join(', ')}`,
    };
  }
  const built = buildV1Request(profile, { kind: 'bearer', accessToken: 'preview' }, resolved.call);
  return built.ok ? { url: built.value.url } : { problem: built.error.message };
}

/** Whether the text parses as JSON (the values are not kept: numbers stay as typed). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Finds where a text stops being JSON (json-syntax.ts `locateJsonError`). */
export type JsonErrorLocator = (text: string) => JsonSyntaxError | null;

/**
 * Why the body cannot be sent as JSON, or null ({{variables}} are checked once resolved); with the
 * line and column when `locate` is given.
 */
export function bodyProblem(body: string, locate: JsonErrorLocator | null = null): string | null {
  if (body.trim() === '' || /\{\{/.test(body)) return null;
  if (isJson(body)) return null;
  const where = locate === null ? null : locate(body);
  return where === null
    ? 'The body is not valid JSON (Content-Type is application/json).'
    : `The body is not valid JSON: ${where.reason} at line ${where.line}, column ${where.column}.`;
}

/** What the composer flags about a call, as one sentence, or null when nothing. */
export function draftProblem(
  profile: PreviewProfile,
  draft: ComposedCall,
  shared: readonly NameValue[],
  locate: JsonErrorLocator | null = null,
): string | null {
  const target = previewUrl(profile, draft, shared);
  return 'problem' in target ? target.problem : bodyProblem(draft.body, locate);
}
