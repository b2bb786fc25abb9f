import { describe, expect, it } from 'vitest';
import { callV1, obtainToken, useSandbox } from '../testing/fixtures/sandbox/sandbox-fixture';

interface Fault {
  fault: { faultstring: string; detail: { errorcode: string } };
}

async function faultOf(response: Response): Promise<Fault['fault']> {
  expect(response.headers.get('content-type')).toBe('application/json');
  return ((await response.json()) as Fault).fault;
}

describe('/v1 header contract', () => {
  const sandbox = useSandbox();

  it('answers an API-key call with the echo', async () => {
    const response = await callV1(sandbox(), 'anything/at/all?x=1&tag=a&tag=b', {
      method: 'PUT',
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('date')).not.toBeNull();
    const { echo } = (await response.json()) as { echo: Record<string, unknown> };
    expect(echo).toMatchObject({
      method: 'PUT',
      path: '/v1/anything/at/all',
      query: { x: '1', tag: ['a', 'b'] },
      body: { a: 1 },
      auth: { method: 'apikey' },
      companyId: sandbox().credentials.companyId,
    });
  });

  it('answers a Bearer call and names the client the token belongs to', async () => {
    const token = await obtainToken(sandbox());
    const response = await callV1(sandbox(), 'ping', {
      headers: { 'x-apikey': null, authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { echo: { auth: unknown }; data: { pong: boolean } };
    expect(body.echo.auth).toEqual({ method: 'bearer', clientId: sandbox().credentials.clientId });
    expect(body.data.pong).toBe(true);
  });

  it('masks the API key and the Authorization header in the echo', async () => {
    const { apiKey } = sandbox().credentials;
    const keyCall = await callV1(sandbox(), 'ping');
    const keyText = await keyCall.text();
    expect(keyText).not.toContain(apiKey);
    expect(
      (JSON.parse(keyText) as { echo: { headers: Record<string, string> } }).echo.headers[
        'x-apikey'
      ],
    ).toBe(`••••${apiKey.slice(-4)}`);

    const token = await obtainToken(sandbox());
    const bearerCall = await callV1(sandbox(), 'ping', {
      headers: { 'x-apikey': null, authorization: `Bearer ${token}` },
    });
    const bearerText = await bearerCall.text();
    expect(bearerText).not.toContain(token);
    expect(bearerText).toContain(`"authorization":"••••${token.slice(-4)}"`);
  });

  it('requires a companyId header', async () => {
    const response = await callV1(sandbox(), 'ping', { headers: { companyid: null } });
    expect(response.status).toBe(400);
    const fault = await faultOf(response);
    expect(fault.detail.errorcode).toBe('sandbox.companyId.missing');
    expect(fault.faultstring).toContain('companyId');
  });

  it('requires companyId to be UUID-shaped', async () => {
    const response = await callV1(sandbox(), 'ping', { headers: { companyid: 'acme-corp' } });
    expect(response.status).toBe(400);
    const fault = await faultOf(response);
    expect(fault.detail.errorcode).toBe('sandbox.companyId.invalid');
    expect(fault.faultstring).toContain('"acme-corp"');
  });

  it('refuses both an API key and a Bearer token on one call', async () => {
    const token = await obtainToken(sandbox());
    const response = await callV1(sandbox(), 'ping', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    const fault = await faultOf(response);
    expect(fault.faultstring).toContain('exactly one');
  });

  it('answers Apigee faults for missing and wrong credentials', async () => {
    const none = await callV1(sandbox(), 'ping', { headers: { 'x-apikey': null } });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      fault: {
        faultstring: 'Failed to resolve API Key variable request.header.x-apikey',
        detail: { errorcode: 'steps.oauth.v2.FailedToResolveAPIKey' },
      },
    });
    const wrongKey = await callV1(sandbox(), 'ping', { headers: { 'x-apikey': 'not-the-key' } });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({
      fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
    });
    const unknownToken = await callV1(sandbox(), 'ping', {
      headers: { 'x-apikey': null, authorization: 'Bearer nosuchtoken' },
    });
    expect(unknownToken.status).toBe(401);
    expect(await unknownToken.json()).toEqual({
      fault: {
        faultstring: 'Invalid Access Token',
        detail: { errorcode: 'keymanagement.service.invalid_access_token' },
      },
    });
    const basic = await callV1(sandbox(), 'ping', {
      headers: { 'x-apikey': null, authorization: 'Basic abc=' },
    });
    expect(basic.status).toBe(401);
    expect((await faultOf(basic)).detail.errorcode).toBe('oauth.v2.InvalidAccessToken');
  });

  const EXPIRED = {
    fault: {
      faultstring: 'Access Token expired',
      detail: { errorcode: 'keymanagement.service.access_token_expired' },
    },
  };

  it('says a token expired after expireAllTokens(), and a new token works again', async () => {
    const token = await obtainToken(sandbox());
    const bearer = { 'x-apikey': null, authorization: `Bearer ${token}` };
    expect((await callV1(sandbox(), 'ping', { headers: bearer })).status).toBe(200);
    sandbox().expireAllTokens();
    const expired = await callV1(sandbox(), 'ping', { headers: bearer });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual(EXPIRED);
    const fresh = await obtainToken(sandbox());
    expect(
      (
        await callV1(sandbox(), 'ping', {
          headers: { 'x-apikey': null, authorization: `Bearer ${fresh}` },
        })
      ).status,
    ).toBe(200);
  });

  it('lets a token with a 1-second lifetime expire', async () => {
    sandbox().switches.tokenLifetimeSeconds = 1;
    const token = await obtainToken(sandbox());
    const bearer = { 'x-apikey': null, authorization: `Bearer ${token}` };
    expect((await callV1(sandbox(), 'ping', { headers: bearer })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await callV1(sandbox(), 'ping', { headers: bearer });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual(EXPIRED);
  });
});

describe('/v1 sample resources', () => {
  const sandbox = useSandbox();

  it('lists products and finds one by id', async () => {
    const list = (await (await callV1(sandbox(), 'products')).json()) as {
      data: { items: { id: string }[]; total: number };
    };
    expect(list.data.total).toBe(3);
    expect(list.data.items.map((product) => product.id)).toEqual([
      'prd_1001',
      'prd_1002',
      'prd_1003',
    ]);
    const one = (await (await callV1(sandbox(), 'products/prd_1002')).json()) as {
      data: { name: string };
    };
    expect(one.data.name).toBe('Express pickup');
  });

  it('answers 404 JSON for an unknown product', async () => {
    const response = await callV1(sandbox(), 'products/prd_9');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('product.not_found');
    expect(body.error.message).toContain('prd_1001');
  });

  it('describes the calling company from the companyId header', async () => {
    const other = '0f1e2d3c-4b5a-4968-8776-655443322110';
    const response = await callV1(sandbox(), 'company', { headers: { companyid: other } });
    const body = (await response.json()) as { data: { id: string; name: string } };
    expect(body.data.id).toBe(other);
    expect(body.data.name).toContain('0f1e2d3c');
  });

  it('creates an order from a JSON object with 201 and a server-chosen id', async () => {
    const response = await callV1(sandbox(), 'orders', {
      method: 'POST',
      body: '{"sku":"A-1","qty":2,"id":"mine"}',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      data: { id: string; sku: string; qty: number; status: string };
    };
    expect(body.data).toMatchObject({ sku: 'A-1', qty: 2, status: 'created' });
    expect(body.data.id).toMatch(/^ord_[0-9a-f]{12}$/);
    expect(response.headers.get('location')).toBe(`/v1/orders/${body.data.id}`);
  });

  it('refuses an order that is not a JSON object', async () => {
    const response = await callV1(sandbox(), 'orders', { method: 'POST', body: '[1,2]' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'order.invalid',
    );
  });

  it('echoes a non-JSON body as text', async () => {
    const response = await callV1(sandbox(), 'notes', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(((await response.json()) as { echo: { body: unknown } }).echo.body).toBe('hello');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await callV1(sandbox(), 'products', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json');
    // The length of the answer GET would give (its echo says HEAD, so it is not byte-equal to GET's).
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(500);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('applies the contract to OPTIONS and DELETE too', async () => {
    const options = await callV1(sandbox(), 'products', {
      method: 'OPTIONS',
      headers: { 'x-apikey': null },
    });
    expect(options.status).toBe(401);
    const remove = await callV1(sandbox(), 'products/prd_1001', { method: 'DELETE' });
    expect(remove.status).toBe(200);
    expect(((await remove.json()) as { echo: { method: string } }).echo.method).toBe('DELETE');
  });
});
