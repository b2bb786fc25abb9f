/**
 * History's view in the store, against the fake worker (the real router and schemas), as History
 * drives it: shown afresh each time, the list read and read again, a refusal beside what was
 * listed, Clear history asked, confirmed or put away, a support report shown and hidden, a reply
 * for a profile History no longer shows dropped, and the slice emptied when History goes.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../service/storage/history';
import { historyEntry } from '../../testing/fixtures/history/history-samples';
import { workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { historyAfresh } from './history-state';
import { askClear, confirmClear, readHistory, showHistory, toggleReport } from './history-view';

const entry = historyEntry;
const refused = fail('storage_failed', 'History could not be read.', 'Reopen DevTools.');

describe('history view', () => {
  it('shows a profile afresh, then its calls as the worker keeps them', async () => {
    const { deps, store } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: [entry('e1')] } }),
    });
    showHistory(deps, 'p1');
    expect(store.get().historyView).toEqual(historyAfresh('p1'));
    await readHistory(deps, 'p1');
    expect(store.get().historyView).toMatchObject({ profileId: 'p1', entries: [entry('e1')] });
  });

  it('shows a refusal beside what was listed before, and the next good read keeps it shown', async () => {
    const { deps, store, worker } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: [entry('e1')] } }),
    });
    showHistory(deps, 'p1');
    await readHistory(deps, 'p1');
    worker.handle('history/list', () => refused);
    await readHistory(deps, 'p1');
    expect(store.get().historyView).toMatchObject({ entries: [entry('e1')], error: refused.error });
  });

  it('asks before Clear history, says what it did and reads the list again', async () => {
    let kept = [entry('e1'), entry('e2')];
    const { deps, store, worker } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: kept } }),
      'history/clear': () => {
        const cleared = kept.length;
        kept = [];
        return { ok: true, value: { cleared } };
      },
    });
    showHistory(deps, 'p1');
    await readHistory(deps, 'p1');
    askClear(deps, 'p1', true);
    expect(store.get().historyView?.asking).toBe(true);
    askClear(deps, 'p1', false);
    expect(store.get().historyView?.asking).toBe(false);
    askClear(deps, 'p1', true);
    await confirmClear(deps, 'p1');
    expect(store.get().historyView).toMatchObject({
      asking: false,
      notice: 'Cleared 2 calls.',
      entries: [],
      error: null,
    });
    expect(worker.payloads('history/clear')).toEqual([{ profileId: 'p1' }]);
    worker.handle('history/clear', () => refused);
    await confirmClear(deps, 'p1');
    expect(store.get().historyView?.error).toEqual(refused.error);
  });

  it('shows one entry’s support report at a time, and hides it on a second press', () => {
    const { deps, store } = workspaceHarness();
    showHistory(deps, 'p1');
    toggleReport(deps, 'p1', 'e1');
    expect(store.get().historyView?.reported).toBe('e1');
    toggleReport(deps, 'p1', 'e2');
    expect(store.get().historyView?.reported).toBe('e2');
    toggleReport(deps, 'p1', 'e2');
    expect(store.get().historyView?.reported).toBeNull();
  });

  it('drops a reply for a profile History no longer shows', async () => {
    let answer: (entries: HistoryEntry[]) => void = () => {};
    const { deps, store } = workspaceHarness({
      'history/list': () =>
        new Promise((done) => {
          answer = (entries) => done({ ok: true, value: { entries } });
        }),
    });
    showHistory(deps, 'p1');
    const late = readHistory(deps, 'p1');
    showHistory(deps, 'p2');
    answer([entry('e1')]);
    await late;
    expect(store.get().historyView).toEqual(historyAfresh('p2'));
  });

  it('starts afresh when shown again: no notice, question or report of before', async () => {
    const { deps, store } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: [entry('e1')] } }),
      'history/clear': () => ({ ok: true, value: { cleared: 1 } }),
    });
    const gone = showHistory(deps, 'p1');
    await confirmClear(deps, 'p1');
    toggleReport(deps, 'p1', 'e1');
    gone();
    expect(store.get().historyView).toBeNull();
    showHistory(deps, 'p1');
    expect(store.get().historyView).toEqual(historyAfresh('p1'));
  });
});
