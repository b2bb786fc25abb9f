import { describe, expect, it } from 'vitest';
import { documentServer, locateServer, pathUnderV1, suggestedBaseUrl } from './openapi-servers';

describe('locateServer', () => {
  it('splits origin and path, drops query, fragment and credentials', () => {
    expect(locateServer('https://user:pw@api.example.com:8443/base/v1/?x=1#top')).toEqual({
      url: 'https://user:pw@api.example.com:8443/base/v1/?x=1#top',
      origin: 'https://api.example.com:8443',
      segments: ['base', 'v1'],
    });
    expect(locateServer('/v1')).toEqual({ url: '/v1', origin: null, segments: ['v1'] });
  });
});

describe('pathUnderV1', () => {
  it.each([
    ['https://h', '/v1/orders/{id}', 'orders/{id}'],
    ['https://h', '/v1', ''],
    ['https://h', '/v1/orders/', 'orders/'],
    ['https://h/v1', '/orders', 'orders'],
    ['https://h/v1', '/v1/orders', 'v1/orders'],
    ['https://h/api/v1', '/orders', 'orders'],
    ['https://h/api/v1/shop', '/orders', 'shop/orders'],
    ['https://h/api', '/v1/orders', 'orders'],
    ['https://h', '/v2/orders', null],
    ['https://h', '/api/v1/orders', null],
    ['https://h', '/health', null],
    ['https://h/v2', '/orders', null],
  ])('server %s, path %s: %s', (server, template, expected) => {
    expect(pathUnderV1(locateServer(server), template)).toBe(expected);
  });
});

describe('suggestedBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/v1', 'https://api.example.com'],
    ['https://api.example.com/gateway/v1/', 'https://api.example.com/gateway'],
    ['/v1', null],
    ['https://{region}.example.com', null],
  ])('%s -> %s', (url, expected) => {
    expect(suggestedBaseUrl(locateServer(url))).toBe(expected);
  });
});

describe('documentServer', () => {
  it('reads Swagger 2.0 host and basePath, preferring https among the schemes', () => {
    const root = { host: 'api.example.com', basePath: '/v1', schemes: ['http', 'https'] };
    expect(documentServer(root, true).url).toBe('https://api.example.com/v1');
    expect(documentServer({ host: 'h', schemes: ['http'] }, true).url).toBe('http://h');
    expect(documentServer({ basePath: '/v1' }, true)).toMatchObject({
      origin: null,
      segments: ['v1'],
    });
  });

  it('fills OpenAPI 3 server variables with their defaults', () => {
    const root = {
      servers: [
        {
          url: '{scheme}://{env}.example.com/{base}',
          variables: {
            scheme: { default: 'https' },
            env: { enum: ['eu', 'us'] },
            base: { default: 'v1' },
          },
        },
      ],
    };
    expect(documentServer(root, false).url).toBe('https://eu.example.com/v1');
    expect(documentServer({ servers: [] }, false).url).toBeNull();
  });
});
