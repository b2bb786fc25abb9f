/**
 * Reads curl's arguments into a Draft: what the options say (method, URLs, headers, data pieces,
 * -G, --json…) before it becomes a request. Credentials given as options (-u, --oauth2-bearer,
 * cookies) are dropped here and only named in the notes; file arguments (`@file`) are noted, as
 * the import cannot read files.
 */
import { type AppError, fail, ok, type Result } from '../../vocabulary/errors';
import { urlencodeArgument } from './curl-encoding';
import {
  LONG_OPTIONS,
  lookUp,
  type OptionSpec,
  REFUSALS,
  SHORT_OPTIONS,
} from './curl-option-table';
import { addExpansions, shorten, type Word } from './curl-words';

export interface DataPiece {
  text: string;
  /** --json pieces are joined without the `&` that separates the other data options. */
  json: boolean;
  /** From --data-urlencode: a form field, whatever its text looks like. */
  encoded: boolean;
}

/** What the options say, before it becomes a request. */
export interface Draft {
  method: string | null;
  head: boolean;
  get: boolean;
  globoff: boolean;
  json: boolean;
  urls: Word[];
  headers: Word[];
  data: DataPiece[];
  /** A data option read a file: the call has a body, which the import cannot know. */
  dataFromFile: boolean;
  urlQuery: string[];
  browserHeaders: string[];
  ignored: string[];
  unknown: string[];
  expansions: string[];
  notes: string[];
}

export const DROPPED_FOR_PROFILE =
  'recognised and dropped: the active profile authenticates calls.';

function looksLikeUrl(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) || text.includes('/v1');
}

function fileNote(draft: Draft, option: string, file: string): void {
  draft.dataFromFile = true;
  draft.notes.push(
    `The body was to come from the file "${shorten(file, 60)}" (${option}), which the import cannot read: paste its content into the body.`,
  );
}

function applyOption(
  draft: Draft,
  found: { spec: OptionSpec; negated: boolean },
  name: string,
  option: string,
  argument: Word | null,
): Result<void> {
  const text = argument?.text ?? '';
  const use = () => {
    if (argument !== null) addExpansions(draft.expansions, argument.expansions);
  };
  switch (found.spec.kind) {
    case 'method':
      use();
      draft.method = text;
      break;
    case 'header':
      if (argument !== null) draft.headers.push(argument);
      break;
    case 'data':
    case 'json':
      if (text.startsWith('@')) fileNote(draft, option, text.slice(1));
      else {
        use();
        draft.data.push({ text, json: found.spec.kind === 'json', encoded: false });
      }
      if (found.spec.kind === 'json') draft.json = true;
      break;
    case 'data-raw':
      use();
      draft.data.push({ text, json: false, encoded: false });
      break;
    case 'data-urlencode': {
      const encoded = urlencodeArgument(text);
      if (encoded === null) fileNote(draft, option, text.slice(text.indexOf('@') + 1));
      else {
        use();
        draft.data.push({ text: encoded, json: false, encoded: true });
      }
      break;
    }
    case 'url':
      if (argument !== null) draft.urls.push(argument);
      break;
    case 'url-query': {
      const encoded = text.startsWith('+') ? text.slice(1) : urlencodeArgument(text);
      if (encoded === null) draft.ignored.push(option);
      else {
        use();
        draft.urlQuery.push(encoded);
      }
      break;
    }
    case 'get':
      draft.get = !found.negated;
      break;
    case 'head':
      draft.head = !found.negated;
      break;
    case 'globoff':
      draft.globoff = !found.negated;
      break;
    case 'credentials':
      draft.notes.push(`The credentials given with ${option} were ${DROPPED_FOR_PROFILE}`);
      break;
    case 'cookie':
      draft.notes.push('Cookies dropped: calls from the panel carry no cookies.');
      break;
    case 'browser-header':
      draft.browserHeaders.push(name);
      break;
    case 'insecure':
      if (!found.negated) {
        draft.notes.push(`${option} ignored: the browser always checks TLS certificates.`);
      }
      break;
    case 'location':
      if (!found.negated) {
        draft.notes.push(
          `${option} ignored: the panel reports a redirect instead of following it.`,
        );
      }
      break;
    case 'refuse': {
      const [message, hint] = REFUSALS.get(name === 'form-string' ? 'form' : name) ?? [
        'The command uses an option the import cannot read.',
        '',
      ];
      return fail('invalid_request', message, hint);
    }
    case 'quiet':
      break;
    case 'noted':
      draft.ignored.push(option);
      break;
  }
  return ok(undefined);
}

function missingValue(option: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `The option ${option} at the end of the command has no value.`,
    'Copy the whole command again: its end is probably missing.',
  );
}

/** An unknown option as a note may show it: its name only, never text glued to it (`--x=secret`). */
function optionName(text: string): string {
  const name = /^--[A-Za-z0-9][A-Za-z0-9.-]{0,39}/.exec(text)?.[0] ?? '--';
  return name.length < text.length ? `${name}…` : name;
}

export function readOptions(args: readonly Word[]): Result<Draft> {
  const draft: Draft = {
    method: null,
    head: false,
    get: false,
    globoff: false,
    json: false,
    urls: [],
    headers: [],
    data: [],
    dataFromFile: false,
    urlQuery: [],
    browserHeaders: [],
    ignored: [],
    unknown: [],
    expansions: [],
    notes: [],
  };
  for (let k = 0; k < args.length; k++) {
    const word = args[k];
    if (word === undefined) break;
    const text = word.text;
    if (text.startsWith('--') && text.length > 2) {
      const name = text.slice(2);
      const found = lookUp(name);
      if (found === null) {
        // An unknown option may take a value: a next word that is neither an option nor a URL is its.
        draft.unknown.push(optionName(text));
        const next = args[k + 1];
        if (next !== undefined && !next.text.startsWith('-') && !looksLikeUrl(next.text)) k++;
        continue;
      }
      let argument: Word | null = null;
      if (found.spec.argument) {
        argument = args[k + 1] ?? null;
        if (argument === null) return missingValue(text);
        k++;
      }
      const applied = applyOption(
        draft,
        found,
        found.negated ? name.slice(3) : name,
        text,
        argument,
      );
      if (!applied.ok) return applied;
    } else if (text.startsWith('-') && text.length > 1) {
      for (let p = 1; p < text.length; p++) {
        const letter = text.charAt(p);
        const name = SHORT_OPTIONS.get(letter);
        const spec = name === undefined ? undefined : LONG_OPTIONS.get(name);
        if (name === undefined || spec === undefined) {
          draft.unknown.push(`-${letter}`);
          continue;
        }
        let argument: Word | null = null;
        if (spec.argument) {
          const rest = text.slice(p + 1);
          argument =
            rest !== '' ? { text: rest, expansions: word.expansions } : (args[k + 1] ?? null);
          if (argument === null) return missingValue(`-${letter}`);
          if (rest === '') k++;
        }
        const applied = applyOption(draft, { spec, negated: false }, name, `-${letter}`, argument);
        if (!applied.ok) return applied;
        if (spec.argument) break;
      }
    } else {
      draft.urls.push(word);
    }
  }
  return ok(draft);
}
