/**
 * "Copy as code": the composed call in the language the user picks. cURL keeps its own command
 * (curl.ts); the others render the same call plan (call-plan.ts), so every language sends what
 * the panel sends and carries a secret only in values mode, after the user confirmed.
 */

import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { ok, type Result } from '../vocabulary/errors';
import type { CodeLanguage } from '../vocabulary/terms';
import { type CallPlan, type CodeSecrets, planCall } from './call-plan';
import { renderFetch } from './code-fetch';
import { renderHttpie } from './code-httpie';
import { renderPowerShell } from './code-powershell';
import { renderPython } from './code-python';
import { buildCurlCommand } from './curl';

const RENDERERS: Record<Exclude<CodeLanguage, 'curl'>, (plan: CallPlan) => Result<string>> = {
  fetch: (plan) => ok(renderFetch(plan)),
  python: (plan) => ok(renderPython(plan)),
  httpie: renderHttpie,
  powershell: (plan) => ok(renderPowerShell(plan)),
};

/**
 * The code for `call` on `profile` in `language`. `call` has its `{{variables}}` resolved
 * (resolveCall), as `request/send` resolves them; buildV1Request's refusals come back unchanged.
 */
export function buildCodeSnippet(
  language: CodeLanguage,
  profile: StoredProfile,
  call: V1Call,
  secrets: CodeSecrets,
): Result<string> {
  if (language === 'curl') return buildCurlCommand(profile, call, secrets);
  const plan = planCall(profile, call, secrets);
  return plan.ok ? RENDERERS[language](plan.value) : plan;
}
