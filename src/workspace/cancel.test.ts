/** Cancel names the call in flight to the worker; with none in flight it sends nothing. */
import { describe, expect, it } from 'vitest';
import type { Reply } from '../protocol/messages';
import { deferred } from '../testing/fake-worker';
import { settle, workspaceHarness } from '../testing/workspace-harness';
import { requestOf } from './request-slice';

const context = {
  profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
  shared: [],
};

describe('cancel', () => {
  it('asks the worker to cancel the call in flight, by its id, and shows the answer it ends with', async () => {
    const held = deferred<Reply<'request/send'>>();
    const { worker, store, commands } = workspaceHarness({
      'request/send': () => held.promise,
      'request/cancel': () => {
        held.resolve({
          ok: false,
          error: { code: 'cancelled', message: 'The call was cancelled.', hint: 'Send it again.' },
        });
        return { ok: true, value: { cancelled: true } };
      },
    });
    const sent = commands.send('p', context);
    await settle();
    const { inFlight } = requestOf(store.get(), 'p');
    await commands.cancel('p');
    await sent;
    expect(worker.payloads('request/cancel')).toEqual([{ requestId: inFlight }]);
    expect(requestOf(store.get(), 'p')).toMatchObject({
      inFlight: null,
      shown: { outcome: { error: { code: 'cancelled' } } },
    });
  });

  it('sends nothing when no call is in flight', async () => {
    const { worker, commands } = workspaceHarness();
    await commands.cancel('p');
    expect(worker.asked).toEqual([]);
  });
});
