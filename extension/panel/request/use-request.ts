/**
 * The composer's state and its round trip to the worker: the draft being edited, the call in
 * flight (with its id, so Cancel can stop it), the last outcome, and a counter that tells the
 * history to reload after each call.
 */
import { useState } from 'preact/hooks';
import type { HttpExchange } from '../../../src/service/execute';
import type { HistoryEntry } from '../../../src/service/history';
import type { AppError } from '../../../src/vocabulary/errors';
import { ask } from '../worker-client';
import { type Draft, EMPTY_DRAFT } from './Composer';

export type Outcome = { exchange: HttpExchange } | { error: AppError } | null;

export function useRequest(profileId: string | null) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [historyVersion, setHistoryVersion] = useState(0);

  async function send() {
    if (profileId === null || inFlight !== null) return;
    const requestId = crypto.randomUUID();
    setInFlight(requestId);
    const reply = await ask('request/send', { requestId, profileId, ...draft });
    setInFlight(null);
    setOutcome(reply.ok ? { exchange: reply.value } : { error: reply.error });
    setHistoryVersion((version) => version + 1);
  }

  async function cancel() {
    if (inFlight !== null) await ask('request/cancel', { requestId: inFlight });
  }

  function open(entry: HistoryEntry) {
    setDraft({
      method: entry.method,
      path: entry.path,
      query: entry.query,
      headers: entry.headers,
      body: entry.body,
    });
  }

  function reset() {
    setDraft(EMPTY_DRAFT);
    setOutcome(null);
  }

  return {
    draft,
    setDraft,
    sending: inFlight !== null,
    outcome,
    send,
    cancel,
    open,
    reset,
    historyVersion,
  };
}
