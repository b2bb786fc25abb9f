/**
 * Copy as code, as plain functions taking the commands' dependencies (loaded with the first use
 * of the Copy as menu): the composed call written by the worker (`code/build`) as cURL, fetch,
 * Python, HTTPie or PowerShell, and what a copy says. By default secrets are environment variables
 * (and the code is shown); "with secrets" copies the real API key or access token (never the
 * client secret) and does not show it.
 */

import type { Reply } from '../protocol/messages';
import { codeBuildPayload } from '../protocol/panel-payloads';
import type { CodeLanguage, NameValue } from '../vocabulary/terms';
import type { CommandDeps } from './ask';
import type { Draft } from './request-state';

export type CopyMode = 'variables' | 'values';

/** What the code is written from: the profile, the draft and the collection's shared variables. */
export interface CodeSource {
  profileId: string;
  draft: Draft;
  shared: readonly NameValue[];
}

/** The code, or why the call cannot be written (a part too long: nothing is asked). */
export async function buildCode(
  { ask }: CommandDeps,
  source: CodeSource,
  language: CodeLanguage,
  mode: CopyMode,
): Promise<Reply<'code/build'>> {
  const { profileId, draft, shared } = source;
  const built = codeBuildPayload(profileId, language, mode, draft, shared);
  return built.ok ? ask('code/build', built.value) : built;
}

/**
 * What a copy says. Code with a secret in it is never put on screen, so when the clipboard refuses
 * it there is nothing to select: the user copies the code with variables instead, or tries again.
 */
export function copyStatus(copied: boolean, mode: CopyMode, secret: string): string {
  if (mode === 'variables') {
    return copied
      ? 'Copied. Set the variables it names first, then run it.'
      : 'Copying failed: select the code below and copy it by hand.';
  }
  return copied
    ? `Copied, with the ${secret} in clear text.`
    : `Copying failed, and code with the ${secret} is not shown on screen: try again, or copy it with variables and set them first.`;
}
