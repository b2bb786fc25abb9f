/**
 * History's commands against the fake worker (the real router and schemas), as History and Quick
 * search call them: the list read, a kept answer (or none), Clear history in words, and each
 * refusal as the view shows it.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAnswer } from '../../service/storage/saved-answers';
import { historyEntry } from '../../testing/fixtures/history/history-samples';
import { sentExchange, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { clearHistory, historyAnswer, listHistory } from './history-commands';

const entry = historyEntry();
const answer: SavedAnswer = {
  at: 5_000,
  call: { method: 'GET', path: 'orders', query: [], headers: [], body: '' },
  outcome: { exchange: sentExchange(500, { error: 'boom' }) },
  bodyCut: false,
};
const locked = fail('storage_failed', 'History could not be read.', 'Reopen DevTools.');

describe('history commands', () => {
  it('reads a profile’s calls, newest first as the worker keeps them', async () => {
    const { worker, deps } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: [entry] } }),
    });
    expect(await listHistory(deps, 'p1')).toEqual({ ok: true, value: [entry] });
    expect(worker.payloads('history/list')).toEqual([{ profileId: 'p1' }]);
  });

  it('gives the refusal for the view to show', async () => {
    const { deps } = workspaceHarness({ 'history/list': () => locked });
    expect(await listHistory(deps, 'p1')).toEqual(locked);
  });

  it('opens an entry with its kept answer, or with none when the worker no longer keeps it', async () => {
    const { worker, deps } = workspaceHarness({
      'history/answer': ({ entryId }) => ({
        ok: true,
        value: { answer: entryId === 'e1' ? answer : null },
      }),
    });
    expect(await historyAnswer(deps, 'p1', 'e1')).toEqual(answer);
    expect(await historyAnswer(deps, 'p1', 'e2')).toBeNull();
    worker.handle('history/answer', () => locked);
    expect(await historyAnswer(deps, 'p1', 'e1')).toBeNull();
    expect(worker.payloads('history/answer')[0]).toEqual({ profileId: 'p1', entryId: 'e1' });
  });

  it('says what Clear history did, in words, or why it could not', async () => {
    const { worker, deps } = workspaceHarness({
      'history/clear': () => ({ ok: true, value: { cleared: 1 } }),
    });
    expect(await clearHistory(deps, 'p1')).toEqual({ notice: 'Cleared 1 call.', error: null });
    worker.handle('history/clear', () => ({ ok: true, value: { cleared: 3 } }));
    expect(await clearHistory(deps, 'p1')).toEqual({ notice: 'Cleared 3 calls.', error: null });
    worker.handle('history/clear', () => locked);
    expect(await clearHistory(deps, 'p1')).toEqual({ notice: null, error: locked.error });
  });
});
