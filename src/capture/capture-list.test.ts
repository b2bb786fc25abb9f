import { describe, expect, it } from 'vitest';
import { captured } from '../testing/fixtures/capture/capture-samples';
import { chromeEntry } from '../testing/fixtures/har/har-samples';
import {
  addCalls,
  EMPTY_CAPTURE_LIST,
  MAX_CAPTURED_CALLS,
  replaceCall,
  requestOf,
} from './capture-list';
import type { CapturedCall } from './captured-call';
import { withResponseBody } from './captured-call';

function at(second: number, path = `/v1/items/${second}`): Promise<CapturedCall> {
  const startedDateTime = new Date(Date.UTC(2025, 9, 14, 9, 0, second)).toISOString();
  return captured(chromeEntry({ url: `https://api.example.test${path}`, startedDateTime }));
}

const paths = (calls: readonly CapturedCall[]) => calls.map((call) => call.pathname);

describe('the capture list', () => {
  it('shows a call at once and puts its response body in place when it is read', async () => {
    const first = await at(1);
    const list = addCalls(EMPTY_CAPTURE_LIST, [first, await at(2)]);
    expect(list.calls[0]?.responseBody.omitted).toBe('not-read');
    const read = withResponseBody(first, { content: '{"orderId":"ord_1"}', encoding: null });
    const filled = replaceCall(list, read);
    expect(filled.calls[0]?.responseBody.text).toBe('{"orderId":"ord_1"}');
    expect(paths(filled.calls)).toEqual(paths(list.calls));
    // Cleared meanwhile: the late body brings nothing back.
    expect(replaceCall(EMPTY_CAPTURE_LIST, read)).toBe(EMPTY_CAPTURE_LIST);
  });

  it('keeps calls in the order the page started them, whatever order they arrived in', async () => {
    const live = addCalls(EMPTY_CAPTURE_LIST, [await at(30), await at(40)]);
    // getHAR answers after live calls arrived, with the calls made before the view opened.
    const withLog = addCalls(live, [await at(10), await at(20)]);
    expect(paths(withLog.calls)).toEqual([
      '/v1/items/10',
      '/v1/items/20',
      '/v1/items/30',
      '/v1/items/40',
    ]);
  });

  it('puts the answered call in place of the same call the Network log listed on its way', async () => {
    const startedDateTime = '2025-10-14T09:12:03.118Z';
    const token = (status: number, time: number) =>
      captured(
        chromeEntry({
          method: 'POST',
          url: 'https://api.example.test/o/oauth/accesstoken',
          startedDateTime,
          status,
          time,
        }),
      );
    const ping = await at(1, '/v1/ping');
    // getHAR while the token request was in flight: no status, no error, no time yet.
    const inFlight = await token(0, 0);
    const answered = await token(200, 60);
    const listed = addCalls(addCalls(EMPTY_CAPTURE_LIST, [ping, inFlight]), [answered]);
    expect(listed.calls.map((call) => call.status)).toEqual([200, 200]);
    expect(listed.calls[1]?.key).toBe(answered.key);
    // A view that chose the call on its way still finds it by its request.
    expect(requestOf(answered)).toBe(requestOf(inFlight));
    expect(requestOf(answered)).not.toBe(requestOf(ping));
    // A later getHAR that still had the old sighting, or both in one batch: still one row.
    expect(addCalls(listed, [inFlight])).toBe(listed);
    expect(addCalls(EMPTY_CAPTURE_LIST, [answered, inFlight]).calls).toEqual([answered]);
    // A call that failed (its error said) is a call of its own, kept beside an answered one.
    const failed = await captured(
      chromeEntry({
        method: 'POST',
        url: 'https://api.example.test/o/oauth/accesstoken',
        startedDateTime,
        status: 0,
        time: 3,
      }),
    );
    const withError = { ...failed, error: 'net::ERR_CONNECTION_RESET', key: `${failed.key} x` };
    expect(addCalls(listed, [withError]).calls).toHaveLength(3);
  });

  it('lists a call once when the Network log and the live event both bring it', async () => {
    const list = addCalls(EMPTY_CAPTURE_LIST, [await at(1), await at(2)]);
    const again = addCalls(list, [await at(2), await at(3)]);
    expect(paths(again.calls)).toEqual(['/v1/items/1', '/v1/items/2', '/v1/items/3']);
    expect(addCalls(again, [await at(3)])).toBe(again);
  });

  it(`keeps at most the last ${MAX_CAPTURED_CALLS} calls and counts those it dropped`, async () => {
    const calls = await Promise.all(
      Array.from({ length: 1_005 }, (_, i) => at(i % 60, `/v1/n/${i}`)),
    );
    // The same second for many calls: order among them stays the order of arrival.
    const list = addCalls(EMPTY_CAPTURE_LIST, calls);
    expect(list.calls).toHaveLength(MAX_CAPTURED_CALLS);
    expect(list.dropped).toBe(5);
    const small = addCalls(EMPTY_CAPTURE_LIST, [await at(1), await at(2), await at(3)], 2);
    expect(paths(small.calls)).toEqual(['/v1/items/2', '/v1/items/3']);
    expect(small.dropped).toBe(1);
  });
});
