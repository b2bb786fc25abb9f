/**
 * Finds the one curl command in the pasted text, after the shell reader has split it into
 * commands: skips assignments and wrappers (`env`, `sudo`, `time`), names the other commands for
 * the notes, and refuses what is not curl at all (Copy as PowerShell, Copy as fetch) with a hint.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import type { Word } from './curl-words';

export function refuseOtherFormats(src: string): Result<void> {
  if (/^[ \t]*(?:Invoke-WebRequest|Invoke-RestMethod|\$session[ \t]*=)/im.test(src)) {
    return fail(
      'invalid_request',
      'This is a PowerShell command (Copy as PowerShell), not a curl command.',
      'In DevTools use Copy as cURL (bash) or Copy as cURL (cmd), then paste again.',
    );
  }
  if (/^[ \t]*(?:await[ \t]+)?fetch\(/m.test(src)) {
    return fail(
      'invalid_request',
      'This is a fetch() call (Copy as fetch), not a curl command.',
      'In DevTools use Copy as cURL (bash) or Copy as cURL (cmd), then paste again.',
    );
  }
  return ok(undefined);
}

const COMMAND_WRAPPERS = new Set(['time', 'command', 'exec', 'env', 'sudo', 'nohup', 'noglob']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const CURL_NAME = /(?:^|[/\\])curl(?:\.exe)?$/i;

/** The arguments of the one curl command in the text, and the names of the other commands. */
export function curlArguments(
  commands: readonly Word[][],
): Result<{ args: Word[]; others: string[] }> {
  const found: Word[][] = [];
  const others: string[] = [];
  for (const words of commands) {
    let k = 0;
    while (k < words.length) {
      const text = words[k]?.text ?? '';
      if (!ASSIGNMENT.test(text) && !COMMAND_WRAPPERS.has(text)) break;
      k++;
    }
    const name = words[k]?.text;
    if (name === undefined) continue;
    if (CURL_NAME.test(name)) found.push(words.slice(k + 1));
    else others.push(/^[\w./-]{1,40}$/.test(name) ? name : 'a command');
  }
  const [args] = found;
  if (args === undefined) {
    return fail(
      'invalid_request',
      'No curl command was found in the pasted text.',
      'Paste a command that starts with curl, such as DevTools "Copy as cURL" copies.',
    );
  }
  if (found.length > 1) {
    return fail(
      'invalid_request',
      `The pasted text holds ${found.length} curl commands.`,
      'Paste one command at a time.',
    );
  }
  return ok({ args, others });
}
