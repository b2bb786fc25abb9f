/**
 * Every edit the Tests tab makes to a request's checks: add a row (up to the limit a request may
 * have), change a field (cut at its field's limit, as the input's maxLength does), change an
 * operator, turn a row off, remove it. The panel builds its checks with these functions only, and
 * a property test (src/protocol/check-edit-messages.property.test.ts) runs any sequence of them
 * against the worker's real message schemas: the panel cannot send what the worker refuses. What
 * a Send or a save takes of the result is check-use.ts. Loaded with the Tests tab.
 */
import { MAX_TEXT } from '../vocabulary/terms';
import { MAX_CHECKS, MAX_EXPRESSION } from './check-bounds';
import {
  type AnswerVariable,
  type Assertion,
  type AssertionOperator,
  UNARY_OPERATORS,
} from './model';

/** The longest name a `{{name}}` may have (VARIABLE_NAME_PATTERN's bound): the field's limit. */
export const MAX_VARIABLE_NAME = 64;

export const NEW_ASSERTION: Assertion = {
  expression: 'res.status',
  operator: 'eq',
  value: '200',
  enabled: true,
};
/** The sandbox's answers hold their resource under `data`: the examples are real paths into them. */
export const NEW_VARIABLE: AnswerVariable = {
  name: '',
  expression: 'res.body.data.id',
  enabled: true,
};

/** The longest text each field takes (its input's maxLength says the same). */
export const FIELD_LIMITS = {
  name: MAX_VARIABLE_NAME,
  expression: MAX_EXPRESSION,
  value: MAX_TEXT,
} as const;

type RowEdit<T> = Partial<T>;

function bounded<T extends object>(patch: RowEdit<T>): RowEdit<T> {
  const out: Record<string, unknown> = { ...patch };
  for (const [field, limit] of Object.entries(FIELD_LIMITS)) {
    const text = out[field];
    if (typeof text === 'string' && text.length > limit) out[field] = text.slice(0, limit);
  }
  return out as RowEdit<T>;
}

/** A new row at the end, while the list is below the limit of rows. */
export function withRowAdded<T>(rows: readonly T[], fresh: T): T[] {
  return rows.length >= MAX_CHECKS ? [...rows] : [...rows, { ...fresh }];
}

/** Row `index` changed by `patch` (texts cut at their field's limit). */
export function withRowChanged<T extends object>(
  rows: readonly T[],
  index: number,
  patch: RowEdit<T>,
): T[] {
  const safe = bounded(patch);
  return rows.map((row, at) => (at === index ? { ...row, ...safe } : row));
}

export function withRowRemoved<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, at) => at !== index);
}

/** An assertion's operator changed: a unary operator (`isNull`…) takes no value. */
export function operatorPatch(row: Assertion, operator: AssertionOperator): Partial<Assertion> {
  return { operator, value: UNARY_OPERATORS.has(operator) ? '' : row.value };
}
