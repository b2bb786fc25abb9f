/**
 * The Tests tab: the request's assertions (expression, operator, value: Bruno's vocabulary, such
 * as `res.status eq 200`), the answer variables it sets for later calls (`orderId` from
 * `res.body.id`), and the values the profile carries now, with Clear. Every control is named
 * after its row ("Assertion 2 operator", "Remove answer variable 1").
 */
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

function AssertionRows({ state }: { state: ChecksState }) {
  const { checks, setChecks } = state;
  const update = (assertions: Assertion[]) => setChecks({ ...checks, assertions });
  return (
    <div class="checks-rows">
      {checks.assertions.map((row, index) => {
        const label = `Assertion ${index + 1}`;
        const unary = UNARY_OPERATORS.has(row.operator);
        return (
          <div class="check-row" key={index}>
            <input
              type="checkbox"
              aria-label={`${label} enabled`}
              checked={row.enabled}
              onChange={(e) =>
                update(replaced(checks.assertions, index, { enabled: e.currentTarget.checked }))
              }
            />
            <input
              aria-label={`${label} expression`}
              class="check-expression"
              placeholder="res.body.id"
              spellcheck={false}
              value={row.expression}
              onInput={(e) =>
                update(replaced(checks.assertions, index, { expression: e.currentTarget.value }))
              }
            />
            <select
              aria-label={`${label} operator`}
              value={row.operator}
              onChange={(e) => {
                const operator = e.currentTarget.value as Assertion['operator'];
                const value = UNARY_OPERATORS.has(operator) ? '' : row.value;
                update(replaced(checks.assertions, index, { operator, value }));
              }}
            >
              {ASSERTION_OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {operator}
                </option>
              ))}
            </select>
            <input
              aria-label={`${label} value`}
              placeholder={unary ? '(no value)' : '200'}
              spellcheck={false}
              disabled={unary}
              value={row.value}
              onInput={(e) =>
                update(replaced(checks.assertions, index, { value: e.currentTarget.value }))
              }
            />
            <button
              type="button"
              aria-label={`Remove assertion ${index + 1}`}
              title={`Remove assertion ${index + 1}`}
              onClick={() => update(checks.assertions.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => update([...checks.assertions, { ...NEW_ASSERTION }])}>
        Add assertion
      </button>
    </div>
  );
}

function VariableRows({ state }: { state: ChecksState }) {
  const { checks, setChecks } = state;
  const update = (answerVariables: AnswerVariable[]) => setChecks({ ...checks, answerVariables });
  return (
    <div class="checks-rows">
      {checks.answerVariables.map((row, index) => {
        const label = `Answer variable ${index + 1}`;
        return (
          <div class="check-row" key={index}>
            <input
              type="checkbox"
              aria-label={`${label} enabled`}
              checked={row.enabled}
              onChange={(e) =>
                update(
                  replaced(checks.answerVariables, index, { enabled: e.currentTarget.checked }),
                )
              }
            />
            <input
              aria-label={`${label} name`}
              placeholder="orderId"
              spellcheck={false}
              value={row.name}
              onInput={(e) =>
                update(replaced(checks.answerVariables, index, { name: e.currentTarget.value }))
              }
            />
            <input
              aria-label={`${label} expression`}
              class="check-expression"
              placeholder="res.body.id"
              spellcheck={false}
              value={row.expression}
              onInput={(e) =>
                update(
                  replaced(checks.answerVariables, index, { expression: e.currentTarget.value }),
                )
              }
            />
            <button
              type="button"
              aria-label={`Remove answer variable ${index + 1}`}
              title={`Remove answer variable ${index + 1}`}
              onClick={() => update(checks.answerVariables.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => update([...checks.answerVariables, { ...NEW_VARIABLE }])}
      >
        Add answer variable
      </button>
    </div>
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
