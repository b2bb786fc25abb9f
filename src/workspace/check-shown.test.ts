/**
 * The Tests tab's checks on an answer: run with `{{name}}` read as a call would (the profile's
 * variables, the collection's, this answer's carried values), shown beside the answer they ran
 * on; with no check enabled, or an answer that is an error, no outcome is shown.
 */
import { describe, expect, it } from 'vitest';
import { sentExchange, workspaceHarness } from '../testing/workspace-harness';
import { requestOf } from './request-slice';

const assertion = (expression: string, value: string, enabled = true) => ({
  expression,
  operator: 'eq' as const,
  value,
  enabled,
});

describe('the checks on an answer', () => {
  it('runs enabled assertions with the profile’s, the collection’s and the carried values', async () => {
    const { store, commands } = workspaceHarness({
      'request/send': () => ({
        ok: true,
        value: {
          ...sentExchange(200, { id: 'ord_7', region: 'eu', who: 'acme' }),
          carried: { values: [{ name: 'orderId', value: 'ord_7' }], refused: [] },
        },
      }),
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.setChecks('p', {
      assertions: [
        assertion('res.body.id', '{{orderId}}'),
        assertion('res.body.region', '{{region}}'),
        assertion('res.body.who', '{{company}}'),
        assertion('res.status', '500', false),
      ],
      answerVariables: [{ name: 'orderId', expression: 'res.body.id', enabled: true }],
    });
    await commands.send('p', {
      profile: {
        baseUrl: 'https://api.example.test',
        companyId: 'co1',
        variables: [{ name: 'company', value: 'acme' }],
      },
      shared: [{ name: 'region', value: 'eu' }],
    });
    const { shown, shownChecks } = requestOf(store.get(), 'p');
    expect(shownChecks?.at).toBe(shown?.at);
    expect(shownChecks?.outcome.assertions.map((result) => result.passed)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('shows no outcome when no check is enabled, or when the call went nowhere', async () => {
    const { store, commands, worker } = workspaceHarness({
      'request/send': () => ({ ok: true, value: sentExchange(200, {}) }),
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.setChecks('p', {
      assertions: [assertion('res.status', '200', false)],
      answerVariables: [],
    });
    await commands.send('p', {
      profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
      shared: [],
    });
    expect(requestOf(store.get(), 'p').shownChecks).toBeNull();
    commands.setChecks('p', { assertions: [assertion('res.status', '200')], answerVariables: [] });
    await commands.send('p', {
      profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
      shared: [],
    });
    expect(requestOf(store.get(), 'p').shownChecks?.outcome.assertions[0]?.passed).toBe(true);
    worker.handle('request/send', () => ({
      ok: false,
      error: { code: 'timeout', message: 'No answer.', hint: 'Try again.' },
    }));
    await commands.send('p', {
      profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
      shared: [],
    });
    expect(requestOf(store.get(), 'p').shownChecks).toBeNull();
  });
});
