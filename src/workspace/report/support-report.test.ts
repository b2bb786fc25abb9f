/**
 * The support report's commands against the fake worker (the real router and schemas): a History
 * entry's report uses the answer the worker still keeps and the worker's cURL in variables mode,
 * Preview support report hands the text to the worker's masking and shows what it answered, and a
 * refusal (the lock holds the secrets) comes back for the view to show.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../service/storage/history';
import { sentExchange, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { previewReport, type ReportProfile, reportText } from './support-report-commands';

const HELD = 'held-key-never-in-a-report';
const profile: ReportProfile = {
  id: 'p1',
  baseUrl: 'https://api.example.test',
  authMethod: 'apiKey',
  formEncodeCredentials: false,
};
const entry: HistoryEntry = {
  id: 'e1',
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  method: 'GET',
  path: 'orders',
  query: [],
  headers: [{ name: 'x-debug', value: HELD }],
  body: '',
  bodyDropped: false,
  status: 500,
  durationMs: 12,
  errorCode: null,
};
const extension = { version: '9.9.9', browser: 'Chrome 140' };

function setUp() {
  return workspaceHarness({
    'history/answer': () => ({
      ok: true,
      value: {
        answer: {
          at: entry.at,
          call: entry,
          outcome: { exchange: sentExchange(500, { fault: 'kept-answer-fault' }) },
          bodyCut: false,
        },
      },
    }),
    'code/build': () => ({ ok: true, value: { code: `curl -H 'x-debug: ${HELD}' "$BASE_URL"` } }),
    'report/redact': ({ text }) => ({
      ok: true,
      value: { text: text.replaceAll(HELD, '••••port'), replaced: text.split(HELD).length - 1 },
    }),
  });
}

describe('support report commands', () => {
  it('builds a History entry’s report from the kept answer and the worker’s cURL in variables mode', async () => {
    const { worker, deps } = setUp();
    const text = await reportText(deps, { kind: 'history', entry }, profile, extension);
    expect(worker.payloads('history/answer')).toEqual([{ profileId: 'p1', entryId: 'e1' }]);
    expect(worker.payloads('code/build')).toEqual([
      {
        profileId: 'p1',
        language: 'curl',
        mode: 'variables',
        method: 'GET',
        path: 'orders',
        query: [],
        headers: entry.headers,
        body: '',
      },
    ]);
    expect(text).toContain('9.9.9');
    expect(text).toContain('Chrome 140');
    expect(text).toContain('curl');
    expect(text).toContain('500');
  });

  it('previews only what the worker masked, with the count it gave', async () => {
    const { worker, deps } = setUp();
    const preview = await previewReport(deps, { kind: 'history', entry }, profile, extension);
    if (!preview.ok) throw new Error(preview.error.message);
    const [asked] = worker.payloads('report/redact');
    expect(asked?.text).toContain(HELD);
    expect(preview.value.text).not.toContain(HELD);
    expect(preview.value.replaced).toBeGreaterThan(0);
  });

  it('gives back the worker’s refusal while the lock holds the secrets', async () => {
    const { worker, deps } = setUp();
    const locked = fail('vault_locked', 'The secrets are locked.', 'Unlock them, then preview.');
    worker.handle('report/redact', () => locked);
    expect(await previewReport(deps, { kind: 'history', entry }, profile, extension)).toEqual(
      locked,
    );
  });
});
