/**
 * The draft kept for a reopened panel: 400 ms after the last edit (2 s after the first in a long
 * stretch of edits), on a clock the test moves; each save passes the real `workspace/save-draft`
 * schema (the fake worker runs the real router).
 */
import { describe, expect, it } from 'vitest';
import { settle, workspaceHarness } from '../testing/workspace-harness';
import { DRAFT_SAVE_DELAY_MS } from './draft-save';
import { EMPTY_DRAFT } from './request-slice';

const saving = () =>
  workspaceHarness({ 'workspace/save-draft': () => ({ ok: true, value: { saved: true } }) });

describe('the draft save', () => {
  it('saves 400 ms after the last edit, once, with the draft as it is then', async () => {
    const { worker, clock, commands } = saving();
    commands.setDraft('p', { ...EMPTY_DRAFT, path: 'o' });
    clock.advance(300);
    commands.setDraft('p', { ...EMPTY_DRAFT, path: 'orders' });
    clock.advance(DRAFT_SAVE_DELAY_MS - 1);
    expect(worker.payloads('workspace/save-draft')).toEqual([]);
    clock.advance(1);
    await settle();
    expect(worker.payloads('workspace/save-draft')).toEqual([
      {
        profileId: 'p',
        draft: { ...EMPTY_DRAFT, path: 'orders' },
        checks: { assertions: [], answerVariables: [] },
      },
    ]);
    clock.advance(10_000);
    expect(worker.payloads('workspace/save-draft')).toHaveLength(1);
  });

  it('keeps an edit of the Tests tab with the draft, on the same timer', async () => {
    const { worker, clock, commands } = saving();
    commands.setDraft('p', { ...EMPTY_DRAFT, path: 'orders' });
    clock.advance(200);
    const checks = {
      assertions: [
        { expression: 'res.status', operator: 'eq' as const, value: '200', enabled: true },
      ],
      answerVariables: [],
    };
    commands.setChecks('p', checks);
    clock.advance(399);
    expect(worker.payloads('workspace/save-draft')).toEqual([]);
    clock.advance(1);
    await settle();
    expect(worker.payloads('workspace/save-draft')[0]?.checks).toEqual(checks);
  });

  it('saves a long stretch of edits 2 s after its first one, then 400 ms after the last', async () => {
    const { worker, clock, commands } = saving();
    const paths = () => worker.payloads('workspace/save-draft').map((item) => item.draft.path);
    // An edit every 300 ms: never 400 ms without one.
    for (let edit = 1; edit <= 10; edit++) {
      commands.setDraft('p', { ...EMPTY_DRAFT, path: `orders/${edit}` });
      clock.advance(300);
      await settle();
      if (edit === 6) expect(paths()).toEqual([]);
    }
    // Saved as it was 2 s after the first edit (edit 7, made at 1 800 ms); edits 8 to 10 wait.
    expect(paths()).toEqual(['orders/7']);
    clock.advance(DRAFT_SAVE_DELAY_MS);
    await settle();
    expect(paths()).toEqual(['orders/7', 'orders/10']);
  });

  it('times each profile apart', async () => {
    const { worker, clock, commands } = saving();
    commands.setDraft('a', { ...EMPTY_DRAFT, path: 'a' });
    clock.advance(200);
    commands.setDraft('b', { ...EMPTY_DRAFT, path: 'b' });
    clock.advance(200);
    await settle();
    expect(worker.payloads('workspace/save-draft').map((item) => item.profileId)).toEqual(['a']);
    clock.advance(200);
    await settle();
    expect(worker.payloads('workspace/save-draft').map((item) => item.profileId)).toEqual([
      'a',
      'b',
    ]);
  });
});
