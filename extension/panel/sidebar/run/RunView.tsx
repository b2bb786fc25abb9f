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
import type { Collection, Folder } from '../../../../src/collections/model';
import {
  formatDuration,
  quotaIdentifier,
  retryWhen,
} from '../../../../src/service/call/fault-evidence';
import { headerValue, readGatewayFault } from '../../../../src/service/call/gateway-fault';
import { ChecksView } from '../../ui/ChecksView';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { type RunProfile, type RunResult, type RunState, useRun } from './use-run';
import './run.css';

interface Props {
  profile: RunProfile;
  collection: Collection;
  /** The folder to run, or null for the whole collection. */
  folder: Folder | null;
  onClose: () => void;
}

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

/** What the quota's answer says: the identifier it counts, and when to try again. */
function quotaFacts(result: RunResult | undefined) {
  const exchange = result?.outcome.ok ? result.outcome.value : null;
  if (exchange === null) return { identifier: null, when: null };
  const contentType = headerValue(exchange.headers, 'content-type') ?? '';
  const text = readGatewayFault({ ...exchange, contentType })?.text ?? '';
  return { identifier: quotaIdentifier(text), when: retryWhen(exchange.headers, Date.now()) };
}

function summary(state: RunState): string {
  const passed = state.results.filter((result) => result.passed).length;
  if (state.running) return `Running: ${state.results.length} of ${state.total} requests done…`;
  if (state.end === null) return '';
  const counted = `${passed} of ${state.results.length} requests passed`;
  if (state.end === 'done') return `Run finished: ${counted}.`;
  if (state.end === 'cancelled')
    return `Run cancelled after ${state.results.length} of ${state.total} requests: ${counted}.`;
  if (state.end === 'stopped on a quota') {
    const { identifier, when } = quotaFacts(state.results.at(-1));
    return `Run stopped after ${state.results.length} of ${state.total} requests: the gateway’s quota${identifier === null ? '' : ` for ${identifier}`} is used up (QuotaViolation), and calling on would only be refused. Try again ${when ?? 'when the quota period resets (the answer names no time: ask the provider for the period)'}: ${counted}.`;
  }
  if (state.end === 'token refused again')
    return `Run stopped after ${state.results.length} of ${state.total} requests: the API refused the profile’s token, and the renewed one too, so every next request would be refused the same way (${counted}). Press Get token to see the token request and its answer, check the profile’s client ID and secret and its access to the API, then run again.`;
  return `Run stopped on a failure after ${state.results.length} of ${state.total} requests: ${counted}.`;
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

export function RunView({ profile, collection, folder, onClose }: Props) {
  const { state, run, cancel } = useRun(profile, collection);
  const [stopOnFailure, setStopOnFailure] = useState(false);
  const [fresh, setFresh] = useState(true);
  const steps = runSteps(folder === null ? collection.items : folder.items);
  const failed = failedSteps(state.results);
  const name = folder === null ? collection.name : folder.name;
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
          onChange={setStopOnFailure}
        />
        <RunOption
          label="Start with no carried values"
          checked={fresh}
          disabled={state.running}
          onChange={setFresh}
        />
        {state.running ? (
          <button type="button" onClick={() => void cancel()}>
            Cancel run
          </button>
        ) : (
          <>
            <button
              type="button"
              class="primary"
              disabled={steps.length === 0}
              onClick={() => void run(steps, stopOnFailure, fresh)}
            >
              Start run
            </button>
            {failed.length > 0 && (
              // The failed requests need what the run carried to them: kept.
              <button type="button" onClick={() => void run(failed, stopOnFailure, false)}>
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
      <p role="status">{summary(state)}</p>
      {state.paceMs !== null && (
        <p role="status" aria-label="Pace" class="muted">
          Paced to one call every {formatDuration(state.paceMs)}: the gateway’s spike arrest.
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
