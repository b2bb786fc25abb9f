import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import { readDemoProfile } from './sandbox-demo';

const demo = {
  name: 'Local sandbox',
  authUrl: 'http://127.0.0.1:8787',
  baseUrl: 'http://127.0.0.1:8787',
  companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
  apiKey: 'key',
  clientId: 'id',
  clientSecret: 'secret',
};

describe('reading the local sandbox demo profile', () => {
  it('takes the values the sandbox gives, and nothing else', () => {
    expect(accepted(readDemoProfile(200, JSON.stringify({ ...demo, extra: 1 })))).toEqual(demo);
  });

  it('says how to start a sandbox when nothing answers', () => {
    const error = refusal(readDemoProfile(null, ''));
    expect(error.code).toBe('server_unreachable');
    expect(error.message).toBe('No sandbox answers at http://127.0.0.1:8787.');
    expect(error.hint).toContain('npm run sandbox');
  });

  it('says another program answers when the answer is not a demo profile', () => {
    for (const [status, body] of [
      [200, '<html>'],
      [404, JSON.stringify(demo)],
      [200, JSON.stringify({ ...demo, apiKey: 42 })],
    ] as const) {
      const error = refusal(readDemoProfile(status, body));
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.hint).toContain('port 8787');
    }
  });
});
