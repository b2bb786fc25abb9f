/**
 * One untrusted YAML file of an imported folder (OpenCollection, Postman 12), parsed: its mapping,
 * or null with the reason added to the import's summary (broken YAML with its line, an alias
 * bomb, an unsafe shape such as `__proto__`), so that one bad file is named while the rest
 * imports. Each format words its own notes; this file only decides which one applies.
 */
import { findUnsafeShape } from '../../vocabulary/safe-object';
import type { ParsedYaml } from '../opencollection/opencollection-format';
import { type ImportNotes, quoteName } from './import-notes';
import { isObject, type JsonObject } from './untrusted-json';

/** The note a refused file is counted under, by reason (ImportNotes kinds). */
export interface YamlFileNotes {
  /** Not valid YAML, or valid YAML that is no mapping. */
  readonly broken: string;
  /** Aliases (`*name`) that expand too far (yaml-expansion.ts). */
  readonly aliases: string;
  /** Fails `findUnsafeShape` (keys such as `__proto__`, too deep). */
  readonly unsafe: string;
}

/** The mapping `parsed` holds (parsed from the file at `path`), or null with the reason noted. */
export function yamlMapping(
  path: string,
  parsed: ParsedYaml,
  notes: ImportNotes,
  texts: YamlFileNotes,
): JsonObject | null {
  if (!parsed.ok) {
    if (parsed.aliases) notes.add(texts.aliases, `${quoteName(path)} (line ${parsed.line})`);
    else notes.add(texts.broken, `${quoteName(path)} (line ${parsed.line}: ${parsed.reason})`);
    return null;
  }
  if (findUnsafeShape(parsed.value) !== null) {
    notes.add(texts.unsafe, quoteName(path));
    return null;
  }
  if (!isObject(parsed.value)) {
    notes.add(texts.broken, quoteName(path));
    return null;
  }
  return parsed.value;
}
