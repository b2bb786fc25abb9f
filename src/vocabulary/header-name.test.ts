import { describe, expect, it } from 'vitest';
import { isHeaderName } from './header-name';

describe('isHeaderName', () => {
  it('takes RFC 9110 token characters only', () => {
    for (const name of ['X-Request-Id', 'x-batch-size', "a!#$%&'*+-.^_`|~9"])
      expect(isHeaderName(name), name).toBe(true);
    for (const name of ['', 'two words', 'x:y', 'x/y', 'é', 'x\n'])
      expect(isHeaderName(name), name).toBe(false);
  });
});
