/**
 * `workspace/get` and `workspace/save-draft` in order: a panel reloaded (or closed and opened
 * again at once) saves its last edits as it closes and asks for its draft as it opens; the read
 * must find those edits even when their save is still masking them or writing them.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import type { ComposedCall } from '../../../src/vocabulary/terms';

/** storage.local's drafts as a plain object, and the masking held until a test lets it go. */
const fake = vi.hoisted(() => ({
  local: {} as Record<string, unknown>,
  masking: Promise.resolve() as Promise<unknown>,
}));

vi.mock('../stores/known-secrets', () => ({
  async fullRedactor() {
    await fake.masking;
    return { text: (text: string) => text, deep: <T>(value: T) => value };
  },
}));

vi.mock('../stores/storage', async () => {
  const { createSerialQueue } = await import('../../../src/vocabulary/serial-queue');
  return {
    StorageError: class StorageError extends Error {},
    serially: createSerialQueue(),
    async write(items: Record<string, unknown>) {
      Object.assign(fake.local, items);
    },
  };
});

vi.mock('../stores/workspace-store', () => ({
  loadDrafts: async () => fake.local.drafts ?? {},
  loadDraftChecks: async () => fake.local.draftChecks ?? {},
  loadAnswers: async () => ({ last: {}, entries: [] }),
  loadTokenFailures: async () => ({}),
  rememberTokenFailure: async () => undefined,
}));

vi.mock('../stores/token-cache', () => ({
  sessionTokenCache: { get: async () => undefined, delete: async () => undefined },
}));

vi.mock('../events', () => ({ tell: () => undefined }));

const { getWorkspace, saveDraft } = await import('./workspace');

const draft = (path: string): ComposedCall => ({
  method: 'GET',
  path,
  query: [],
  headers: [],
  body: '',
});

beforeEach(() => {
  fake.local = { drafts: { p: draft('') } };
  fake.masking = Promise.resolve();
});

it('a panel opened while its last draft is still being saved gets that draft', async () => {
  let masked = () => {};
  fake.masking = new Promise<void>((resolve) => {
    masked = resolve;
  });
  const saving = saveDraft({ profileId: 'p', draft: draft('products') });
  const opening = getWorkspace({ profileId: 'p' });
  masked();
  expect(await saving).toEqual({ ok: true, value: { saved: true } });
  expect(await opening).toMatchObject({ ok: true, value: { draft: { path: 'products' } } });
});

it('a failed save does not hold the panel back', async () => {
  fake.masking = Promise.reject(new Error('storage.session is failing'));
  await expect(saveDraft({ profileId: 'p', draft: draft('products') })).rejects.toThrow();
  expect(await getWorkspace({ profileId: 'p' })).toMatchObject({
    ok: true,
    value: { draft: { path: '' } },
  });
});
