import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../call/execute';
import { NOT_WATCHED } from '../wire/wire-headers';
import {
  capAnswer,
  EMPTY_ANSWERS,
  ENTRY_ANSWER_BODY,
  ENTRY_ANSWERS_PER_PROFILE,
  LAST_ANSWER_BODY,
  type SavedAnswer,
  withAnswer,
  withoutProfile,
} from './saved-answers';

function exchange(bodyText: string, extra: Partial<HttpExchange> = {}): HttpExchange {
  return {
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:8787/v1/ping',
      headers: [],
      wire: NOT_WATCHED,
    },
    status: 200,
    statusText: 'OK',
    headers: [{ name: 'content-type', value: 'application/json' }],
    bodyText,
    truncated: false,
    bodyBytes: bodyText.length,
    totalBytes: bodyText.length,
    durationMs: 3,
    ...extra,
  };
}

function answer(bodyText: string, at = 1, extra: Partial<HttpExchange> = {}): SavedAnswer {
  return {
    at,
    call: { method: 'GET', path: 'ping', query: [], headers: [], body: '' },
    outcome: { exchange: exchange(bodyText, extra) },
    bodyCut: false,
  };
}

const bodyOf = (saved: SavedAnswer | undefined) =>
  saved !== undefined && 'exchange' in saved.outcome ? saved.outcome.exchange.bodyText : null;

describe('saved answers', () => {
  it('keeps a small answer exactly as it was', () => {
    const small = answer('{"ok":true}');
    expect(capAnswer(small, 100)).toBe(small);
  });

  it('cuts a long body and says so, and drops an image too large to keep', () => {
    const cut = capAnswer(answer('x'.repeat(50)), 10);
    expect(bodyOf(cut)).toBe('x'.repeat(10));
    expect(cut.bodyCut).toBe(true);
    const image = capAnswer(answer('', 1, { bodyBase64: 'A'.repeat(40) }), 10);
    expect('exchange' in image.outcome && 'bodyBase64' in image.outcome.exchange).toBe(false);
    expect(image.bodyCut).toBe(true);
  });

  it('keeps an error answer as it is', () => {
    const failed: SavedAnswer = {
      ...answer(''),
      outcome: { error: { code: 'timeout', message: 'Too slow.', hint: 'Try again.' } },
    };
    expect(capAnswer(failed, 1)).toBe(failed);
  });

  it('remembers the last answer per profile and the newest few per profile for history', () => {
    let store = EMPTY_ANSWERS;
    for (let i = 0; i < ENTRY_ANSWERS_PER_PROFILE + 3; i++) {
      store = withAnswer(store, 'p1', `e${i}`, answer(`{"n":${i}}`, i));
    }
    store = withAnswer(store, 'p2', 'other', answer('{"n":"p2"}', 100));
    store = withAnswer(store, 'p2', null, answer('{"n":"not in history"}', 101));
    expect(bodyOf(store.last.p1)).toBe(`{"n":${ENTRY_ANSWERS_PER_PROFILE + 2}}`);
    expect(bodyOf(store.last.p2)).toBe('{"n":"not in history"}');
    expect(
      store.entries.filter((item) => item.profileId === 'p1').map((item) => item.entryId),
    ).toEqual(['e7', 'e6', 'e5', 'e4', 'e3']);
    expect(store.entries.some((item) => item.entryId === 'other')).toBe(true);
  });

  it('cuts entry answers harder than the last answer', () => {
    const big = 'y'.repeat(LAST_ANSWER_BODY + 10);
    const store = withAnswer(EMPTY_ANSWERS, 'p1', 'e1', answer(big));
    expect(bodyOf(store.last.p1)?.length).toBe(LAST_ANSWER_BODY);
    expect(bodyOf(store.entries[0]?.answer)?.length).toBe(ENTRY_ANSWER_BODY);
  });

  it('stays within its budget: oldest entry answers go first, then the oldest last answers', () => {
    const body = 'z'.repeat(1000);
    let store = EMPTY_ANSWERS;
    store = withAnswer(store, 'old', 'e-old', answer(body, 1), 10_000);
    store = withAnswer(store, 'new', 'e-new', answer(body, 2), 10_000);
    expect(JSON.stringify(store).length).toBeLessThanOrEqual(10_000);
    expect(Object.keys(store.last).sort()).toEqual(['new', 'old']);
    const tight = withAnswer(store, 'newest', 'e-newest', answer(body, 3), 2_600);
    expect(JSON.stringify(tight).length).toBeLessThanOrEqual(2_600);
    expect(tight.entries).toEqual([]);
    expect(Object.keys(tight.last)).toContain('newest');
    expect(Object.keys(tight.last)).not.toContain('old');
  });

  it('forgets a profile, or only its entries', () => {
    const store = withAnswer(EMPTY_ANSWERS, 'p1', 'e1', answer('{}'));
    expect(withoutProfile(store, 'p1')).toEqual({ last: {}, entries: [] });
    const cleared = withoutProfile(store, 'p1', 'entries');
    expect(cleared.entries).toEqual([]);
    expect(cleared.last.p1).toBeDefined();
  });
});
