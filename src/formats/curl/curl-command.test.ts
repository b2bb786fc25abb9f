/**
 * The shell text around the curl command (curl-command.ts with the shell readers): comments,
 * other commands, pipes and redirections skipped; expansions kept as text and reported; several
 * curl commands, none, other formats (PowerShell, fetch) and unclosed text refused with a hint.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text holds ${VAR} on purpose
import { describe, expect, it } from 'vitest';
import {
  AUTH_DROPPED,
  imported,
  refused,
  rows,
  URL_V1,
} from '../../testing/fixtures/curl/curl-import-fixture';

// -------------------------------------------------------------------------------------------
// Shell text

describe('shell text around the command', () => {
  it('skips comment lines, trailing comments and other commands; a pipe or redirection is fine', () => {
    const text = [
      '#!/bin/bash',
      '# Get a token first:  ACCESS_TOKEN=$(curl -X POST https://auth.example.com/o/oauth/accesstoken)',
      'export ORDER=42',
      'ACCESS_TOKEN=$(curl -sS -X POST "https://auth.example.com/o/token" --data "a=b" | sed -n \'s/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p\')',
      `curl -sS ${URL_V1} \\`,
      "  -H 'X-A: 1' \\   ",
      '  -d x=1 # trailing comment',
      '  2>/dev/null > out.json | jq .',
    ].join('\n');
    const { request, notes } = imported(text);
    expect(request).toMatchObject({ method: 'POST', body: '', headers: rows(['X-A', '1']) });
    expect(notes).toEqual([
      'curl would send the data as a form (application/x-www-form-urlencoded), which the panel cannot send: its calls carry a JSON body. The body was left empty; the form fields were: x = 1.',
      'Other shell commands in the text were ignored: export, jq.',
    ]);
  });

  it('forgives a line that ends in a backslash with nothing after it', () => {
    expect(imported(`curl ${URL_V1} \\\n  -H 'X-A: 1' \\`).request.headers).toEqual(
      rows(['X-A', '1']),
    );
  });

  it('keeps $VAR and ${VAR} as {{VAR}}, $(…) and backticks as text, and names them, except in dropped auth headers', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H "Authorization: Bearer $TOKEN" -H "X-Trace: \${TRACE}" -H "X-Mode: \${MODE:-fast}" -H 'Content-Type: application/json' -d "{\\"id\\": \\"$(uuidgen)\\", \\"at\\": \\"\`date\`\\", \\"user\\": \\"$USER_ID\\"}"`,
    );
    expect(request.headers).toEqual(rows(['X-Trace', '{{TRACE}}'], ['X-Mode', '${MODE:-fast}']));
    expect(request.body).toBe('{"id": "$(uuidgen)", "at": "`date`", "user": "{{USER_ID}}"}');
    expect(notes).toEqual([
      `Authorization header ${AUTH_DROPPED}.`,
      "Shell variables were kept as {{variables}} ($USER_ID as {{USER_ID}}, ${TRACE} as {{TRACE}}): give them values in the profile's Variables, or replace them.",
      'The command uses shell variables or commands the import cannot know ($(…), `…`, ${MODE:-fast}): they were kept as text; replace them with values or {{variables}}.',
    ]);
  });

  it('refuses text holding several curl commands, or none', () => {
    expect(refused(`curl ${URL_V1}; curl ${URL_V1}/2`).message).toBe(
      'The pasted text holds 2 curl commands.',
    );
    expect(refused('wget https://api.example.com/v1/orders').message).toBe(
      'No curl command was found in the pasted text.',
    );
    expect(refused('# curl https://api.example.com/v1/orders').message).toBe(
      'No curl command was found in the pasted text.',
    );
  });

  it('refuses unterminated quotes and substitutions with a clear message', () => {
    for (const [text, what] of [
      [`curl '${URL_V1}`, "a single quote (')"],
      [`curl "${URL_V1}`, 'a double quote (")'],
      [`curl ${URL_V1} -d $'abc`, "a $'…' string"],
      [`curl ${URL_V1} -d "$(date"`, 'a $( … )'],
      [`curl ${URL_V1} -d \`date`, 'a backtick (`)'],
      [`curl ${URL_V1} -d \${X`, 'a ${ … }'],
    ]) {
      expect(refused(text as string)).toEqual({
        code: 'invalid_request',
        message: `The command has ${what} that is never closed.`,
        hint: 'Copy the whole command again: its end is probably missing.',
      });
    }
  });

  it('refuses other formats, here-documents, NUL, empty and oversized text with a hint', () => {
    expect(refused('Invoke-WebRequest -Uri "https://api.example.com/v1/x"').message).toMatch(
      /PowerShell/,
    );
    expect(refused('fetch("https://api.example.com/v1/x", {});').message).toMatch(/fetch\(\)/);
    expect(refused(`curl ${URL_V1} <<EOF\n{}\nEOF`).message).toMatch(/here-document/);
    expect(refused(`curl ${URL_V1} -d $'a\\x00b'`).message).toMatch(/NUL/);
    expect(refused(`curl ${URL_V1} -d 'a\u0000b'`).message).toMatch(/NUL/);
    expect(refused('   \n ').message).toBe('There is no command to import.');
    expect(refused(`curl ${URL_V1} -d '${'x'.repeat(1_000_001)}'`).message).toBe(
      'The pasted text is larger than 1 MB.',
    );
  });
});
