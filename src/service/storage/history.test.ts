import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../redaction/known-secret-redaction';
import {
  appendToHistory,
  HISTORY_PER_PROFILE,
  type HistoryRecord,
  MAX_HISTORY_BODY,
  makeHistoryEntry,
} from './history';

const API_KEY = 'ak_live_0123456789abcdef';
const OTHER_PROFILES_SECRET = 'cs_other/profile+9Zq8';
const redact = createRedactor({ secrets: [API_KEY, OTHER_PROFILES_SECRET], pairs: [] }).text;
const keepAll = (text: string) => text;
const call = {
  method: 'POST' as const,
  path: `orders?key=${API_KEY}`,
  query: [{ name: 'k', value: API_KEY }],
  headers: [{ name: 'X-Echo', value: `Bearer ${API_KEY}` }],
  body: `{"pasted":"${API_KEY}","other":"${encodeURIComponent(OTHER_PROFILES_SECRET)}"}`,
};

describe('history entries', () => {
  it('keep the call as composed and mask every stored secret wherever it was pasted', () => {
    const entry = makeHistoryEntry(
      call,
      { status: 201, durationMs: 12, errorCode: null },
      { id: 'e1', at: 5, redact },
    );
    expect(JSON.stringify(entry)).not.toContain(API_KEY);
    expect(JSON.stringify(entry)).not.toContain(encodeURIComponent(OTHER_PROFILES_SECRET));
    expect(entry.path).toBe('orders?key=••••cdef');
    expect(entry).toMatchObject({
      id: 'e1',
      at: 5,
      method: 'POST',
      status: 201,
      durationMs: 12,
      errorCode: null,
      bodyDropped: false,
    });
  });

  it('drop a body over 64 KB instead of storing it', () => {
    const entry = makeHistoryEntry(
      { ...call, body: 'x'.repeat(MAX_HISTORY_BODY + 1) },
      { status: null, durationMs: null, errorCode: 'timeout' },
      { id: 'e2', at: 6, redact: keepAll },
    );
    expect(entry.body).toBe('');
    expect(entry.bodyDropped).toBe(true);
  });

  it('keep the newest 200 per profile and leave other profiles alone', () => {
    let records: HistoryRecord[] = [
      {
        profileId: 'other',
        entry: makeHistoryEntry(
          call,
          { status: 200, durationMs: 1, errorCode: null },
          { id: 'o', at: 0, redact: keepAll },
        ),
      },
    ];
    for (let i = 0; i < HISTORY_PER_PROFILE + 25; i++) {
      const entry = makeHistoryEntry(
        call,
        { status: 200, durationMs: 1, errorCode: null },
        { id: `p${i}`, at: i, redact: keepAll },
      );
      records = appendToHistory(records, { profileId: 'p', entry });
    }
    const mine = records.filter((record) => record.profileId === 'p');
    expect(mine).toHaveLength(HISTORY_PER_PROFILE);
    expect(mine[0]?.entry.id).toBe(`p${HISTORY_PER_PROFILE + 24}`);
    expect(mine.at(-1)?.entry.id).toBe('p25');
    expect(records.filter((record) => record.profileId === 'other')).toHaveLength(1);
  });
});
