/**
 * Running a folder or a collection: its requests in order (depth first, as the tree shows them),
 * each sent by the caller's `send` (in the extension, the worker's send path: one token for the
 * run, renewed as needed), its checks run on the answer and its answer variables handed to
 * `carry` before the next request is sent, so that `{{orderId}}` in step 2 is step 1's answer.
 * A request imported from OpenAPI also has its answer checked against its response schema. A
 * step fails when its call fails, an assertion fails or the schema check finds something; the run
 * stops there when asked to, and between steps when cancelled. A gateway's rate limits are obeyed,
 * never retried: after a spike arrest the next steps are paced to its decoded rate, and a quota
 * used up stops the run. It always stops when a call's token was refused, renewed and the new one
 * refused again, or when no token could be got: every next step would fetch a token only to be
 * refused the same way (a 500-step run against an API that refuses every token would make 1 000
 * calls and 501 grants). Pure: the caller owns the network, the storage and the screen.
 */
import type { CollectionItem, SavedRequest } from '../collections/model';
import { rateLimitOf } from '../service/call/fault-retry';
import type { Result } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import {
  type ChecksOutcome,
  type CheckVariables,
  carryFromReadable,
  checkAssertions,
  needsPatterns,
} from './answer-checks';
import { type CheckedAnswer, readableAnswer } from './answer-values';
import type { PatternSearch } from './assertion-operators';
import type { RefusedValue } from './carried-values';
import { checkResponseSchema } from './schema-check';

/** One request of a run, with the folders it sits in ("Orders / Drafts"), '' at the top. */
export interface RunStep {
  request: SavedRequest;
  folder: string;
}

export interface StepResult<A extends CheckedAnswer> {
  step: RunStep;
  outcome: Result<A>;
  checks: ChecksOutcome;
  /** Values the carrier would not keep (a secret's name, a value holding a secret). */
  refused: RefusedValue[];
  passed: boolean;
}

export type RunEnd =
  | 'done'
  | 'stopped on a failure'
  | 'stopped on a quota'
  | 'token refused again'
  | 'cancelled';

/** What a run needs of an answer: what checks read, and whether its renewed token was refused. */
export type RunAnswer = CheckedAnswer & { tokenRefusedAgain?: boolean };

/** Whether every next step would be refused its token as this one was (see the header). */
function tokenLost(outcome: Result<RunAnswer>): boolean {
  return outcome.ok
    ? outcome.value.tokenRefusedAgain === true
    : outcome.error.code === 'token_refused';
}

export interface RunOptions<A extends CheckedAnswer> {
  send: (request: SavedRequest) => Promise<Result<A>>;
  /**
   * Keeps the answer's values for the next requests and answers what it refused; a sender that
   * carries them itself (the worker does, as it answers) only says what it refused.
   */
  carry: (values: NameValue[]) => Promise<RefusedValue[]>;
  stopOnFailure: boolean;
  /** Asked before each request. */
  cancelled: () => boolean;
  /** Told of each step as it ends (the results view fills in as the run goes). */
  onStep?: (result: StepResult<A>, index: number) => void;
  /** The pattern engine, when a check needs one (loadPatternSearch gives it). */
  search: PatternSearch;
  /**
   * What `{{name}}` in an assertion's value stands for, asked after each answer is carried (so
   * that `res.body.id eq {{orderId}}` compares with the value carried so far); none when absent.
   */
  variables?: () => CheckVariables;
  /** Waits between steps once a spike arrest set the pace (a timer unless a test gives one). */
  wait?: (ms: number) => Promise<void>;
  /** Told when a spike arrest sets (or slows) the pace: the interval now kept between calls. */
  onPace?: (paceMs: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The requests under `items`, in the order the tree shows them. */
export function runSteps(items: readonly CollectionItem[], folder = ''): RunStep[] {
  const steps: RunStep[] = [];
  for (const item of items) {
    if (item.kind === 'request') steps.push({ request: item, folder });
    else
      steps.push(...runSteps(item.items, folder === '' ? item.name : `${folder} / ${item.name}`));
  }
  return steps;
}

const NO_CHECKS: ChecksOutcome = { assertions: [], carried: [] };

/** The pattern engine if any step needs one, loaded once for the whole run. */
export async function loadPatternSearch(steps: readonly RunStep[]): Promise<PatternSearch> {
  if (!steps.some((step) => needsPatterns(step.request))) {
    return () => ({ problem: 'no pattern engine is loaded' });
  }
  return (await import('./pattern-search')).patternSearch;
}

export async function runCollection<A extends RunAnswer>(
  steps: readonly RunStep[],
  options: RunOptions<A>,
): Promise<{ results: StepResult<A>[]; end: RunEnd }> {
  const results: StepResult<A>[] = [];
  const wait = options.wait ?? sleep;
  /** The interval a spike arrest asked for; 0 until one did. */
  let paceMs = 0;
  for (const [index, step] of steps.entries()) {
    if (options.cancelled()) return { results, end: 'cancelled' };
    if (paceMs > 0) await wait(paceMs);
    if (paceMs > 0 && options.cancelled()) return { results, end: 'cancelled' };
    const outcome = await options.send(step.request);
    const limit = outcome.ok ? rateLimitOf(outcome.value) : null;
    if (limit?.kind === 'spike-arrest' && limit.paceMs > paceMs) {
      paceMs = limit.paceMs;
      options.onPace?.(paceMs);
    }
    let checks = NO_CHECKS;
    let refused: RefusedValue[] = [];
    const { answerVariables, assertions, responseSchemas } = step.request;
    const active = [...(answerVariables ?? []), ...(assertions ?? [])].some((row) => row.enabled);
    if (outcome.ok && active) {
      const readable = readableAnswer(outcome.value);
      const taken = carryFromReadable(answerVariables, readable);
      const values = taken.flatMap(({ name, value }) => (value === null ? [] : [{ name, value }]));
      if (values.length > 0) refused = await options.carry(values);
      // The assertions after the carrying, as Bruno runs them: they see this answer's values too.
      checks = {
        assertions: checkAssertions(assertions, readable, options.search, options.variables?.()),
        carried: taken,
      };
    }
    if (outcome.ok && responseSchemas !== undefined) {
      checks = { ...checks, schema: await checkResponseSchema(responseSchemas, outcome.value) };
    }
    const passed =
      outcome.ok &&
      checks.assertions.every((item) => item.passed) &&
      (checks.schema?.findings.length ?? 0) === 0;
    const result = { step, outcome, checks, refused, passed };
    results.push(result);
    options.onStep?.(result, index);
    if (limit?.kind === 'quota') return { results, end: 'stopped on a quota' };
    if (tokenLost(outcome)) return { results, end: 'token refused again' };
    if (!passed && options.stopOnFailure) return { results, end: 'stopped on a failure' };
  }
  return { results, end: options.cancelled() ? 'cancelled' : 'done' };
}

/** The steps of the failed results, for "Run failed again". */
export function failedSteps<A extends CheckedAnswer>(results: readonly StepResult<A>[]): RunStep[] {
  return results.filter((result) => !result.passed).map((result) => result.step);
}
