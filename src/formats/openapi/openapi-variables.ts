/**
 * Path parameters as collection variables: `/pets/{petId}` becomes `pets/{{petId}}`, and `petId`
 * is declared once for the whole collection with the first example or default the document gives
 * for it. Names the `{{…}}` syntax cannot hold are renamed; names the profile supplies
 * (`companyId`, `baseUrl`, …) are used but not declared; a value that looks like a secret is
 * declared empty. Invariant: every declared row fits the collection's limits.
 */

import { MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import { AUTH_VARIABLES } from '../../collections/model';
import { findSecretInRow } from '../../redaction/secret-patterns';
import type { NameValue } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isSecretName } from '../postman/postman-names';

const NOTE = {
  renamed: 'Path parameters whose name cannot be a {{variable}} were renamed',
  fromProfile: 'Path parameters that the profile supplies were not declared as variables',
  secret:
    'Path parameters named like secrets, or whose example looks like one, were declared empty',
  conflict: 'Path parameters that share a name got the first example the document gives',
  many: `Only the first ${MAX_ROWS} path parameters were declared as collection variables; the others stay in the paths as {{name}}`,
} as const;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const FROM_PROFILE: ReadonlySet<string> = new Set(Object.values(AUTH_VARIABLES));

/** A name the `{{…}}` syntax accepts: other characters become `_`, a leading digit gets one. */
export function variableNameFor(name: string): string {
  const cleaned = name
    .trim()
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 100);
  const safe = /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
  return VARIABLE_NAME.test(safe) ? safe : '_';
}

export class PathVariables {
  readonly rows: NameValue[] = [];
  private readonly declared = new Map<string, string>();

  constructor(private readonly notes: ImportNotes) {}

  /** `template` with each `{name}` as `{{name}}`; the names are declared with `values`. */
  fill(template: string, values: ReadonlyMap<string, string>, where: string): string {
    return template.replace(/\{([^{}]*)\}/g, (_whole, name: string) => {
      const variable = variableNameFor(name);
      if (variable !== name) this.notes.add(NOTE.renamed, `${quoteName(name)} → ${variable}`);
      this.declare(variable, values.get(name) ?? '', where);
      return `{{${variable}}}`;
    });
  }

  private declare(name: string, value: string, where: string): void {
    if (FROM_PROFILE.has(name) && !isSecretName(name)) {
      this.notes.add(NOTE.fromProfile, quoteName(name));
      return;
    }
    let kept = value.length > MAX_TEXT ? '' : value;
    if (kept !== '' && (isSecretName(name) || findSecretInRow(name, kept, []) !== null)) {
      this.notes.add(NOTE.secret, quoteName(name));
      kept = '';
    }
    const earlier = this.declared.get(name);
    if (earlier !== undefined) {
      if (earlier === '' && kept !== '') this.replace(name, kept);
      else if (kept !== '' && kept !== earlier)
        this.notes.add(NOTE.conflict, `${quoteName(name)} in ${where}`);
      return;
    }
    if (this.rows.length >= MAX_ROWS) {
      this.notes.add(NOTE.many, quoteName(name));
      this.declared.set(name, kept);
      return;
    }
    this.declared.set(name, kept);
    this.rows.push({ name, value: kept });
  }

  private replace(name: string, value: string): void {
    this.declared.set(name, value);
    const row = this.rows.find((entry) => entry.name === name);
    if (row !== undefined) row.value = value;
  }
}
