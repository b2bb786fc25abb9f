import { describe, expect, it } from 'vitest';
import {
  openApiPetstoreYaml,
  swaggerPetstore,
} from '../../testing/fixtures/openapi/openapi-petstore-fixture';
import { looksLikeOpenApi } from './openapi-detect';

describe('looksLikeOpenApi', () => {
  it('recognises OpenAPI and Swagger documents, JSON or YAML, also after a BOM or comments', () => {
    expect(looksLikeOpenApi(JSON.stringify(swaggerPetstore(), null, 2))).toBe(true);
    expect(looksLikeOpenApi(openApiPetstoreYaml())).toBe(true);
    expect(looksLikeOpenApi('\uFEFF# Partner API\n\nopenapi: "3.1.0"\n')).toBe(true);
    expect(looksLikeOpenApi('{"info": {"title": "x"}, "openapi": "3.0.3"}')).toBe(true);
  });

  it('does not take other files for one', () => {
    expect(
      looksLikeOpenApi('{"info": {"schema": "https://schema.getpostman.com/"}, "item": []}'),
    ).toBe(false);
    expect(looksLikeOpenApi('{"format": "partner-api-devtools.collection", "version": 1}')).toBe(
      false,
    );
    expect(looksLikeOpenApi('curl https://example.com/openapi: 3.0')).toBe(false);
    expect(looksLikeOpenApi('')).toBe(false);
    expect(looksLikeOpenApi('info:\n  openapi: 3.0.0\n')).toBe(false);
  });
});
