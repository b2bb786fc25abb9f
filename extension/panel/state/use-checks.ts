/**
 * The Tests tab's state: the checks of the request being composed (assertions and answer
 * variables, taken from a saved request when one is opened), their outcome on the last answer,
 * and the values the profile carries from answers (the worker keeps them and tells each change;
 * the panel store holds what it told).
 * `{{name}}` in an assertion's value reads what a call would: the profile's variables, the
 * collection's, and the values carried (this answer's included). The checks' code loads with the
 * first answer that has checks to run.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChecksOutcome } from '../../../src/checks/answer-checks';
import type { RefusedValue } from '../../../src/checks/carried-values';
import { withCarried } from '../../../src/checks/with-carried';
import {
  type EditedChecks,
  NO_CHECKS,
  sendableAnswerVariables,
} from '../../../src/collections/check-use';
import type { PreviewProfile } from '../../../src/collections/draft-checks';
import type { ResponseSchemas, SavedRequest } from '../../../src/collections/model';
import type { CarryReply } from '../../../src/protocol/messages';
import { variablesOf } from '../../../src/service/call/variables';
import type { NameValue } from '../../../src/vocabulary/terms';
import { usePanelStore, useStore } from './store';
import type { Shown } from './use-request';
import { ask } from './worker-client';

export type { EditedChecks };

/** The outcome on one answer (`at` names it), with the values the worker refused to carry. */
export interface ShownChecks {
  at: number;
  outcome: ChecksOutcome;
  refused: RefusedValue[];
}

const NO_VALUES: NameValue[] = [];

export function useChecks(
  profile: PreviewProfile & { id: string },
  /** The shared variables of the collection the draft was opened from, if any. */
  shared: readonly NameValue[],
  /** The draft's checks a reopened panel gets back from the worker. */
  initial: EditedChecks | null = null,
) {
  const profileId = profile.id;
  const [checks, setChecks] = useState<EditedChecks>(initial ?? NO_CHECKS);
  const [shownChecks, setShownChecks] = useState<ShownChecks | null>(null);
  const store = usePanelStore();
  const carried = useStore((state) => state.carried[profileId]) ?? NO_VALUES;
  const [clearError, setClearError] = useState<string | null>(null);
  const checksNow = useRef(checks);
  checksNow.current = checks;
  /** The response schemas of the request opened from an OpenAPI import, checked on each answer. */
  const schemasNow = useRef<ResponseSchemas | null>(null);
  /** What `{{name}}` reads when an answer comes (the answer may come after a re-render). */
  const variablesNow = useRef({ profile, shared, carried });
  variablesNow.current = { profile, shared, carried };

  // What the profile carries already (a run, or a panel open before this one, may have carried
  // values); every change after that comes as the worker's event.
  useEffect(() => {
    void ask('variables/carried', { profileId }).then((reply) => {
      if (reply.ok)
        store.dispatch({ type: 'carried-known', profileId, values: reply.value.values });
    });
  }, [profileId]);

  /** The checks of a request put into the composer (none for a call that is not a saved one). */
  function load(request: SavedRequest | null) {
    schemasNow.current = request?.responseSchemas ?? null;
    setChecks({
      assertions: request?.assertions ?? [],
      answerVariables: request?.answerVariables ?? [],
    });
  }

  /** Runs the checks on a new answer; the worker has carried its values already. */
  async function afterAnswer(shown: Shown, carry: CarryReply | undefined) {
    const current = checksNow.current;
    const now = variablesNow.current;
    const variables = variablesOf(
      withCarried(now.profile, carry?.values ?? now.carried),
      now.shared,
    );
    const schemas = schemasNow.current;
    const active =
      schemas !== null ||
      current.assertions.some((item) => item.enabled) ||
      current.answerVariables.some((item) => item.enabled);
    if (!active || 'error' in shown.outcome) {
      setShownChecks(null);
      return;
    }
    const { checkAnswer } = await import('../../../src/checks/answer-checks');
    const { exchange } = shown.outcome;
    const outcome = await checkAnswer(current, exchange, variables);
    if (schemas !== null) {
      const { checkResponseSchema } = await import('../../../src/checks/schema-check');
      outcome.schema = await checkResponseSchema(schemas, exchange);
    }
    setShownChecks({ at: shown.at, outcome, refused: carry?.refused ?? [] });
  }

  /** What a Send hands the worker and how it reports back (see use-request.ts). */
  const sendChecks = {
    edited: () => checksNow.current,
    // Only rows that can be used: a row still being typed (no name yet) is not carried.
    answerVariables: () => sendableAnswerVariables(checksNow.current),
    onAnswer: (shown: Shown, carry: CarryReply | undefined) => void afterAnswer(shown, carry),
  };

  async function clearCarried() {
    const reply = await ask('variables/clear', { profileId });
    setClearError(reply.ok ? null : `${reply.error.message} ${reply.error.hint}`);
  }

  return {
    checks,
    /** An edit of the Tests tab (the workbench also keeps it with the draft). */
    setChecks: (next: EditedChecks) => setChecks(next),
    load,
    sendChecks,
    shownChecks,
    carried,
    clearError,
    clearCarried,
  };
}

export type ChecksState = ReturnType<typeof useChecks>;
