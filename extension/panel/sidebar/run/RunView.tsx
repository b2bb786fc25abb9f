/**
 * Run a folder or a collection: Start run sends its requests in order with the active profile,
 * values carried from one answer to the next; the results fill in as it goes (status, time,
 * checks passed, the answer one click away). It starts with no carried values unless told to keep
 * them. Stop on the first failure or go on; Cancel run stops between requests (and the one in
 * flight); Run failed again sends only the failed ones, with what the run carried. A gateway's
 * spike arrest paces the run (the pace is shown), and a quota used up stops it, saying when to
 * try again.
 */
import { Component } from 'preact';
import { useState } from 'preact/hooks';
import { checkCounts } from '../../../../src/checks/checks-summary';
import { failedSteps, runSteps } from '../../../../src/checks/collection-run';
import type { RunResult } from '../../../../src/workspace/run/collection-runner';
import {
  createRunCommands,
  type RunTarget,
  runShown,
} from '../../../../src/workspace/run/run-commands';
import { paceLine, runSummary } from '../../../../src/workspace/run/run-summary';
import { useStore } from '../../state/store';
import { deps } from '../../state/workspace';
import { ChecksView } from '../../ui/ChecksView';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/ErrorNotice';
import './run.css';

/** The runs go on while their view is closed: bound once, with the panel's workspace. */
const runs = createRunCommands(deps);

const BODY_SHOWN = 20_000;

function Answer({ result }: { result: RunResult }) {
  if (!result.outcome.ok) return <ErrorNotice error={result.outcome.error} />;
  const exchange = result.outcome.value;
  const body = exchange.bodyText;
  return (
    <div class="run-answer">
      <ChecksView checks={{ at: 0, outcome: result.checks, refused: result.refused }} />
      <pre class="body">
        {body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}…` : body || '(no body)'}
      </pre>
    </div>
  );
}

interface RowProps {
  result: RunResult;
  index: number;
}

/**
 * A row renders again only when its own result changes: a run of hundreds of requests appends
 * one row a step, and redrawing every earlier row each time would make the run slower the longer
 * it gets.
 */
class ResultRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps) {
    return next.result !== this.props.result || next.index !== this.props.index;
  }
  override render() {
    return <Row result={this.props.result} index={this.props.index} />;
  }
}

function Row({ result, index }: RowProps) {
  const [open, setOpen] = useState(false);
  const { request, folder } = result.step;
  const name = folder === '' ? request.name : `${folder} / ${request.name}`;
  const counts = checkCounts(result.checks);
  const exchange = result.outcome.ok ? result.outcome.value : null;
  return (
    <li class={result.passed ? 'good' : 'bad'}>
      <div class="run-row">
        <strong>{result.passed ? 'Passed' : 'Failed'}</strong>
        <span class="run-name">
          {index + 1}. {name}
        </span>
        <span>{exchange ? exchange.status : result.outcome.ok ? '' : 'no answer'}</span>
        <span>{exchange ? `${exchange.durationMs} ms` : ''}</span>
        <span>{counts.total > 0 ? `${counts.passed}/${counts.total} checks` : ''}</span>
        <button
          type="button"
          class="link"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} answer of ${index + 1}. ${name}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide answer' : 'Show answer'}
        </button>
      </div>
      {open && <Answer result={result} />}
    </li>
  );
}

/** One of the run's options: a box that cannot change while the run goes. */
function RunOption(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />{' '}
      {props.label}
    </label>
  );
}

/** The Run view of `target`: what it shows is the store's runs slice (src/workspace/run/). */
export function RunView(target: RunTarget) {
  const { collection, folder } = target;
  const state = useStore((workspace) => runShown(workspace.runs, target));
  // The run's options as chosen: one form, one state.
  const [options, setOptions] = useState({ stopOnFailure: false, fresh: true });
  const { stopOnFailure } = options;
  const steps = runSteps(folder === null ? collection.items : folder.items);
  const failed = failedSteps(state.results);
  const name = folder === null ? collection.name : folder.name;
  const onClose = () => runs.close(target);
  return (
    <Dialog title={`Run ${name}`} onClose={onClose} class="run-dialog">
      <p class="muted">
        {steps.length} request{steps.length === 1 ? '' : 's'}, sent in order with this profile;
        values set by one answer are used by the requests after it.
      </p>
      <div class="row">
        <RunOption
          label="Stop on first failure"
          checked={stopOnFailure}
          disabled={state.running}
          onChange={(checked) => setOptions({ ...options, stopOnFailure: checked })}
        />
        <RunOption
          label="Start with no carried values"
          checked={options.fresh}
          disabled={state.running}
          onChange={(checked) => setOptions({ ...options, fresh: checked })}
        />
        {state.running ? (
          <button type="button" onClick={() => void runs.cancel(target)}>
            Cancel run
          </button>
        ) : (
          <>
            <button
              type="button"
              class="primary"
              disabled={steps.length === 0}
              onClick={() => void runs.start(target, options)}
            >
              Start run
            </button>
            {failed.length > 0 && (
              // The failed requests need what the run carried to them: kept.
              <button type="button" onClick={() => void runs.runFailed(target, stopOnFailure)}>
                Run failed again
              </button>
            )}
          </>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {state.error !== null && (
        <p class="notice notice-error" role="alert">
          {state.error}
        </p>
      )}
      <p role="status">{runSummary(state, Date.now())}</p>
      {state.paceMs !== null && (
        <p role="status" aria-label="Pace" class="muted">
          {paceLine(state.paceMs)}
        </p>
      )}
      {state.results.length > 0 && (
        <ol class="run-results" aria-label="Run results">
          {state.results.map((result, index) => (
            <ResultRow key={`${index}-${result.step.request.id}`} result={result} index={index} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}
