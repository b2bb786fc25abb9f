/**
 * The Tests tab: the request's assertions (expression, operator, value: Bruno's vocabulary, such
 * as `res.status eq 200`), the answer variables it sets for later calls (`orderId` from
 * `res.body.id`), and the values the profile carries now, with Clear. Every control is named
 * after its row ("Assertion 2 operator", "Remove answer variable 1").
 */
import type { ComponentChildren } from 'preact';
import {
  type AnswerVariable,
  ASSERTION_OPERATORS,
  type Assertion,
  UNARY_OPERATORS,
} from '../../../src/collections/model';
import type { ChecksState } from '../state/use-checks';

const NEW_ASSERTION: Assertion = {
  expression: 'res.status',
  operator: 'eq',
  value: '200',
  enabled: true,
};
const NEW_VARIABLE: AnswerVariable = { name: '', expression: 'res.body.id', enabled: true };

function replaced<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, at) => (at === index ? { ...item, ...patch } : item));
}

/** A text cell of a row: code-like, so no spelling marks. */
function Cell(props: {
  label: string;
  value: string;
  placeholder: string;
  onInput: (value: string) => void;
  wide?: boolean;
  disabled?: boolean;
}) {
  return (
    <input
      autoComplete="off"
      aria-label={props.label}
      class={props.wide ? 'check-expression' : undefined}
      placeholder={props.placeholder}
      spellcheck={false}
      disabled={props.disabled}
      value={props.value}
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
  cells: (row: T, label: string, set: (patch: Partial<T>) => void) => ComponentChildren;
}

/** Rows that can each be turned off or removed, and a button to add one. */
function CheckRows<T extends { enabled: boolean }>({
  noun,
  rows,
  onChange,
  fresh,
  cells,
}: RowsProps<T>) {
  const lower = noun.toLowerCase();
  return (
    <div class="checks-rows">
      {rows.map((row, index) => {
        const label = `${noun} ${index + 1}`;
        const set = (patch: Partial<T>) => onChange(replaced(rows, index, patch));
        return (
          <div class="check-row" key={index}>
            <input
              type="checkbox"
              aria-label={`${label} enabled`}
              checked={row.enabled}
              onChange={(e) => set({ enabled: e.currentTarget.checked } as Partial<T>)}
            />
            {cells(row, label, set)}
            <button
              type="button"
              aria-label={`Remove ${lower} ${index + 1}`}
              title={`Remove ${lower} ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...rows, { ...fresh }])}>
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
      cells={(row, label, set) => {
        const unary = UNARY_OPERATORS.has(row.operator);
        return (
          <>
            <Cell
              label={`${label} expression`}
              wide
              placeholder="res.body.id"
              value={row.expression}
              onInput={(expression) => set({ expression })}
            />
            <select
              aria-label={`${label} operator`}
              value={row.operator}
              onChange={(e) => {
                const operator = e.currentTarget.value as Assertion['operator'];
                set({ operator, value: UNARY_OPERATORS.has(operator) ? '' : row.value });
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
              placeholder={unary ? '(no value)' : '200'}
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
      cells={(row, label, set) => (
        <>
          <Cell
            label={`${label} name`}
            placeholder="orderId"
            value={row.name}
            onInput={(name) => set({ name })}
          />
          <Cell
            label={`${label} expression`}
            wide
            placeholder="res.body.id"
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
        Checked on every answer: <code>res.status</code>, <code>res.body.items[0].id</code>,{' '}
        <code>res.headers.content-type</code>, <code>res.responseTime</code>.
      </p>
      <AssertionRows state={state} />
      <h3>Answer variables</h3>
      <p class="muted">
        Set from each answer for the calls after it: a variable <code>orderId</code> from{' '}
        <code>res.body.id</code> is used as <code>{'{{orderId}}'}</code>.
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
