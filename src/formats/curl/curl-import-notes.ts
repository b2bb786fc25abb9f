/**
 * Notes of the curl import that gather many findings into one line: a list (browser headers,
 * ignored options, other commands), at most 12 names shown, and the shell expansions, where plain
 * variables kept as `{{NAME}}` get their own line apart from what was kept as text.
 */
import { variableOf } from './curl-words';

export function listNote(label: string, items: readonly string[]): string[] {
  const unique = [...new Set(items)];
  if (unique.length === 0) return [];
  const shown = unique.slice(0, 12).join(', ');
  return [`${label}: ${shown}${unique.length > 12 ? `, and ${unique.length - 12} more` : ''}.`];
}

/** Plain variables became `{{NAME}}`; other expansions were kept as text. Each kind its note. */
export function expansionNotes(names: readonly string[]): string[] {
  const unique = [...new Set(names)];
  const variables = unique.filter((name) => variableOf(name) !== null);
  const others = unique.filter((name) => variableOf(name) === null);
  const notes: string[] = [];
  if (variables.length > 0) {
    const shown = variables.slice(0, 12).map((name) => `${name} as {{${variableOf(name)}}}`);
    notes.push(
      `Shell variables were kept as {{variables}} (${shown.join(', ')}): give them values in the profile's Variables, or replace them.`,
    );
  }
  if (others.length > 0) {
    notes.push(
      `The command uses shell variables or commands the import cannot know (${others.slice(0, 12).join(', ')}): they were kept as text; replace them with values or {{variables}}.`,
    );
  }
  return notes;
}
