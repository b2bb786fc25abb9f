import { describe, expect, it } from 'vitest';
import { withResponseBody } from '../../capture/captured-call';
import { captured } from '../../testing/fixtures/capture/capture-samples';
import { CANARIES, canaryValues, defaultEntries } from '../../testing/fixtures/har/har-samples';
import { accepted } from '../../testing/results';
import { exportCapturedHar } from './har-export';
import { importHar } from './har-import';

async function exported(): Promise<string> {
  const calls = await Promise.all(defaultEntries().map((entry) => captured(entry)));
  return exportCapturedHar(calls, { version: '0.1.0' });
}

describe('exportCapturedHar', () => {
  it('writes HAR 1.2 with Chrome’s fields, one entry per captured call', async () => {
    const har = JSON.parse(await exported());
    expect(har.log).toMatchObject({
      version: '1.2',
      creator: { name: 'Partner API DevTools', version: '0.1.0' },
    });
    expect(har.log.entries).toHaveLength(defaultEntries().length);
    expect(har.log.entries[5]).toMatchObject({
      _resourceType: 'fetch',
      _initiator: { type: 'script', lineNumber: 41 },
      request: {
        method: 'GET',
        url: 'https://api.example.test/v1/products?category=garden&limit=20',
      },
      response: { status: 400, content: { mimeType: 'application/json' } },
    });
  });

  it('holds no credential: no canary, and not even the last characters a masked view shows', async () => {
    const text = await exported();
    for (const canary of canaryValues()) {
      expect(text).not.toContain(canary);
      expect(text).not.toContain(`••••${canary.slice(-4)}`);
    }
    expect(text).toContain('"value": "Bearer ••••"');
    expect(text).toContain('"value": "session=••••; theme=••••"');
    expect(text).toContain('client_secret=••••');
    expect(text).toContain('\\"access_token\\":\\"••••\\"');
  });

  it('hides the tail of a body read later, too', async () => {
    const token = await captured(defaultEntries()[4]);
    const read = withResponseBody(token, {
      content: JSON.stringify({ access_token: CANARIES.accessToken }),
      encoding: null,
    });
    const text = exportCapturedHar([read], { version: '0.1.0' });
    expect(text).not.toContain(CANARIES.accessToken.slice(-4));
  });

  it('hides the tail of a secret that ends in a quote or a backslash, escaped in a JSON body', async () => {
    const token = await captured(defaultEntries()[4]);
    for (const secret of ['Qm9vdGhfVGFpbC1RdW90ZQz"x7', 'Qm9vdGhfVGFpbC1CYWNrc2x\\x7']) {
      const read = withResponseBody(token, {
        content: JSON.stringify({ access_token: secret }),
        encoding: null,
      });
      const body = JSON.parse(exportCapturedHar([read], { version: '0.1.0' })).log.entries[0]
        .response.content.text;
      expect(JSON.parse(body)).toEqual({ access_token: '••••' });
    }
  });

  it('gives a file the HAR import reads back: the /v1 calls, without credentials', async () => {
    let next = 0;
    const result = accepted(importHar(await exported(), () => `id_${++next}`));
    const names = result.collection.items.map((item) => item.name);
    expect(names).toEqual(['GET /v1/products', 'POST /v1/orders', 'GET /v1/company']);
  });
});
