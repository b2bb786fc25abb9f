/**
 * The Tests tab: the request's assertions (expression, operator, value: Bruno's vocabulary, such
 * as `res.status eq 200`), the answer variables it sets for later calls (`orderId` from
 * `res.body.data.id`), and the values the profile carries now, with Clear. Every control is named
 * after its row ("Assertion 2 operator", "Remove answer variable 1").
 */
import type { ComponentChildren } from 'preact';
import {
  FIELD_LIMITS,
  NEW_ASSERTION,
  NEW_VARIABLE,
  operatorPatch,
  withRowAdded,
  withRowChanged,
  withRowRemoved,
} from '../../../src/collections/check-edits';
import { assertionProblem, variableProblem } from '../../../src/collections/check-use';
import { ASSERTION_OPERATORS, UNARY_OPERATORS } from '../../../src/collections/model';
import type { ChecksState } from '../state/use-checks';

/** A text cell of a row: code-like, so no spelling marks. */
function Cell(props: {
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  onInput: (value: string) => void;
  wide?: boolean;
  disabled?: boolean;
  /** The id of the row's note, when the row is unfinished. */
  describedBy?: string | undefined;
}) {
  return (
    <input
      autoComplete="off"
      aria-label={props.label}
      class={props.wide ? 'check-expression' : undefined}
      title={props.wide && props.value !== '' ? props.value : undefined}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      spellcheck={false}
      disabled={props.disabled}
      value={props.value}
      aria-invalid={props.describedBy === undefined ? undefined : true}
      aria-describedby={props.describedBy}
      onInput={(e) => props.onInput(e.currentTarget.value)}
    />
  );
}

interface RowsProps<T extends { enabled: boolean }> {
  /** "Assertion" or "Answer variable": names every control of a row ("Assertion 2 value"). */
  noun: string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** What Add puts in a new row. */
  fresh: T;
  /** The row's own cells, between its Enabled box and its Remove button. */
  cells: (
    row: T,
    label: string,
    set: (patch: Partial<T>) => void,
    noteId: string | undefined,
  ) => ComponentChildren;
  /** Why the row cannot be used yet (shown under it), or null. */
  problem: (row: T) => string | null;
}

/** Rows that can each be turned off or removed, and a button to add one. */
function CheckRows<T extends { enabled: boolean }>({
  noun,
  rows,
  onChange,
  fresh,
  cells,
  problem,
}: RowsProps<T>) {
  const lower = noun.toLowerCase();
  const id = lower.replace(/ /g, '-');
  return (
    <div class="checks-rows">
      {rows.map((row, index) => {
        const label = `${noun} ${index + 1}`;
        const set = (patch: Partial<T>) => onChange(withRowChanged(rows, index, patch));
        const note = problem(row);
        const noteId = note === null ? undefined : `${id}-${index + 1}-note`;
        return (
          <div class="check-row" key={index}>
            <input
              type="checkbox"
              aria-label={`${label} enabled`}
              checked={row.enabled}
              onChange={(e) => set({ enabled: e.currentTarget.checked } as Partial<T>)}
            />
            {cells(row, label, set, noteId)}
            <button
              type="button"
              aria-label={`Remove ${lower} ${index + 1}`}
              title={`Remove ${lower} ${index + 1}`}
              onClick={() => onChange(withRowRemoved(rows, index))}
            >
              ×
            </button>
            {note !== null && (
              <small class="check-note muted" id={noteId}>
                {label}: {note}
              </small>
            )}
          </div>
        );
      })}
      <button type="button" onClick={() => onChange(withRowAdded(rows, fresh))}>
        Add {lower}
      </button>
    </div>
  );
}

function AssertionRows({ state }: { state: ChecksState }) {
  const { checks, setChecks } = state;
  return (
    <CheckRows
      noun="Assertion"
      rows={checks.assertions}
      onChange={(assertions) => setChecks({ ...checks, assertions })}
      fresh={NEW_ASSERTION}
      problem={assertionProblem}
      cells={(row, label, set, noteId) => {
        const unary = UNARY_OPERATORS.has(row.operator);
        return (
          <>
            <Cell
              label={`${label} expression`}
              wide
              placeholder="e.g. res.status"
              maxLength={FIELD_LIMITS.expression}
              describedBy={noteId}
              value={row.expression}
              onInput={(expression) => set({ expression })}
            />
            <select
              aria-label={`${label} operator`}
              value={row.operator}
              onChange={(e) => {
                set(operatorPatch(row, e.currentTarget.value as typeof row.operator));
              }}
            >
              {ASSERTION_OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {operator}
                </option>
              ))}
            </select>
            <Cell
              label={`${label} value`}
              placeholder={unary ? '(no value)' : 'e.g. 200'}
              maxLength={FIELD_LIMITS.value}
              disabled={unary}
              value={row.value}
              onInput={(value) => set({ value })}
            />
          </>
        );
      }}
    />
  );
}

function VariableRows({ state }: { state: ChecksState }) {
  const { checks, setChecks } = state;
  return (
    <CheckRows
      noun="Answer variable"
      rows={checks.answerVariables}
      onChange={(answerVariables) => setChecks({ ...checks, answerVariables })}
      fresh={NEW_VARIABLE}
      problem={variableProblem}
      cells={(row, label, set, noteId) => (
        <>
          <Cell
            label={`${label} name`}
            placeholder="name, e.g. orderId"
            maxLength={FIELD_LIMITS.name}
            describedBy={noteId}
            value={row.name}
            onInput={(name) => set({ name })}
          />
          <Cell
            label={`${label} expression`}
            wide
            placeholder="e.g. res.body.data.id"
            maxLength={FIELD_LIMITS.expression}
            describedBy={noteId}
            value={row.expression}
            onInput={(expression) => set({ expression })}
          />
        </>
      )}
    />
  );
}

export function TestsTab({ state }: { state: ChecksState }) {
  return (
    <div class="tests-tab">
      <h3>Assertions</h3>
      <p class="muted">
        Checked on every answer: <code>res.status</code>, <code>res.body.data.items[0].id</code>,{' '}
        <code>res.headers.content-type</code>, <code>res.responseTime</code>.
      </p>
      <AssertionRows state={state} />
      <h3>Answer variables</h3>
      <p class="muted">
        Set from each answer for the calls after it: a variable <code>orderId</code> from{' '}
        <code>res.body.data.id</code> is used as <code>{'{{orderId}}'}</code>.
      </p>
      <VariableRows state={state} />
      <h3 id="carried-values">Carried values</h3>
      {state.clearError !== null && (
        <p class="notice notice-error" role="alert">
          {state.clearError}
        </p>
      )}
      {state.carried.length === 0 ? (
        <p class="muted">This profile carries no values yet.</p>
      ) : (
        <>
          <dl class="headers" aria-labelledby="carried-values">
            {state.carried.map((row) => (
              <div key={row.name}>
                <dt>{row.name}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" onClick={() => void state.clearCarried()}>
            Clear carried values
          </button>
        </>
      )}
    </div>
  );
}
