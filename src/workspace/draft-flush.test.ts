/**
 * Closing the panel or leaving the profile flushes the draft: an edit still waiting for its save
 * goes out at once, and nothing is saved twice; with nothing waiting, nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { settle, workspaceHarness } from '../testing/workspace-harness';
import { EMPTY_DRAFT, requestOf } from './request-slice';

describe('the draft flush on close', () => {
  it('sends a waiting edit at once, and its timer no longer fires', async () => {
    const { worker, clock, commands, store } = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.setDraft('p', { ...EMPTY_DRAFT, method: 'POST', path: 'orders', body: '{}' });
    clock.advance(100);
    await commands.saver.flush('p');
    expect(worker.payloads('workspace/save-draft')).toHaveLength(1);
    expect(worker.payloads('workspace/save-draft')[0]?.draft.body).toBe('{}');
    expect(clock.waiting()).toBe(0);
    clock.advance(1_000);
    await settle();
    expect(worker.payloads('workspace/save-draft')).toHaveLength(1);
    expect(requestOf(store.get(), 'p').draftNotKept).toBeNull();
  });

  it('sends nothing when no edit waits', async () => {
    const { worker, commands } = workspaceHarness();
    await commands.saver.flush('p');
    expect(worker.asked).toEqual([]);
  });

  it('says why the draft is not kept: the secrets are locked, or the worker refused', async () => {
    const { worker, commands, store } = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: false } }),
    });
    commands.setDraft('p', { ...EMPTY_DRAFT, path: 'orders' });
    await commands.saver.flush('p');
    expect(requestOf(store.get(), 'p').draftNotKept).toBe('Unlock the saved secrets to keep it.');
    worker.handle('workspace/save-draft', () => ({
      ok: false,
      error: { code: 'storage_failed', message: 'Storage is full.', hint: 'Free some space.' },
    }));
    commands.setDraft('p', { ...EMPTY_DRAFT, path: 'orders/1' });
    await commands.saver.flush('p');
    expect(requestOf(store.get(), 'p').draftNotKept).toBe('Storage is full. Free some space.');
  });

  it('does not send a draft beyond what a message may carry, and says so', async () => {
    const { worker, commands, store } = workspaceHarness();
    commands.setDraft('p', { ...EMPTY_DRAFT, method: 'POST', body: 'x'.repeat(40 * 1024 * 1024) });
    await commands.saver.flush('p');
    expect(worker.asked).toEqual([]);
    expect(requestOf(store.get(), 'p').draftNotKept).toMatch(/./);
  });
});
