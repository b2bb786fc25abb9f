/**
 * Copy as code, as plain functions taking the commands' dependencies (loaded with the first use
 * of the Copy as menu): the composed call written by the worker (`code/build`) as cURL, fetch,
 * Python, HTTPie or PowerShell, copied, and what a copy says (in the workbench slice). By default secrets are environment variables
 * (and the code is shown); "with secrets" copies the real API key or access token (never the
 * client secret) and does not show it.
 */

import type { Reply } from '../protocol/messages';
import { codeBuildPayload } from '../protocol/panel-payloads';
import type { CodeLanguage, NameValue } from '../vocabulary/terms';
import type { CommandDeps } from './ask';
import type { Draft } from './request-state';
import type { CopyAsShown } from './workspace-state';

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

/** The code shown with variables, written again for the draft as it is now (null: not written). */
export async function codeFor(
  deps: CommandDeps,
  source: CodeSource,
  language: CodeLanguage,
): Promise<string | null> {
  const reply = await buildCode(deps, source, language, 'variables');
  return reply.ok ? reply.value.code : null;
}

/**
 * Copy as `language`: the code written, copied with `write` (the clipboard), and what the copy
 * says. With variables the code is shown; with values (the real `secret`) it never is.
 */
export async function copyCode(
  deps: CommandDeps,
  source: CodeSource,
  copy: { language: CodeLanguage; mode: CopyMode; secret: string },
  write: (code: string) => Promise<boolean>,
): Promise<void> {
  const { language, mode, secret } = copy;
  const set = (change: Partial<CopyAsShown>) =>
    deps.dispatch({ type: 'workbench/copy-as', set: change });
  set({ confirming: null });
  const reply = await buildCode(deps, source, language, mode);
  if (!reply.ok) return set({ error: reply.error });
  const { code } = reply.value;
  set({ error: null, shown: mode === 'variables' ? { language, code } : null });
  set({ status: copyStatus(await write(code), mode, secret) });
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
