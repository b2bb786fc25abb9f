import { describe, expect, it } from 'vitest';
import { MaskLog, maskBody, maskCookies, maskHeader, maskUrl } from './credential-masking';

const KEY = 'Zk3Qx9Lm2Vb7Np4Rt8Hs1Jc6';

describe('credential masking', () => {
  it('masks Bearer and API-key values to their last 4 characters and remembers the forms', () => {
    const log = new MaskLog();
    expect(maskHeader({ name: 'Authorization', value: `Bearer ${KEY}` }, log)).toEqual({
      name: 'Authorization',
      value: 'Bearer ••••1Jc6',
      masked: true,
    });
    expect(maskHeader({ name: 'X-ApiKey', value: KEY }, log).value).toBe('••••1Jc6');
    expect(maskHeader({ name: 'x-api-key', value: KEY }, log).value).toBe('••••1Jc6');
    expect([...log.forms]).toEqual(['••••1Jc6']);
  });

  it('hides a Basic credential whole: its base64 tail would give away the end of the secret', () => {
    const log = new MaskLog();
    expect(maskHeader({ name: 'authorization', value: 'Basic c2hvcDpzM2NyZXQ=' }, log).value).toBe(
      'Basic ••••',
    );
    expect(log.forms.size).toBe(0);
  });

  it('masks cookie values, keeping their names and the Set-Cookie attributes', () => {
    const log = new MaskLog();
    expect(maskHeader({ name: 'Cookie', value: 'session=abc123; theme=dark' }, log).value).toBe(
      'session=••••; theme=••••',
    );
    expect(
      maskHeader({ name: 'set-cookie', value: 'session=abc123; Path=/; Secure; HttpOnly' }, log)
        .value,
    ).toBe('session=••••; Path=/; Secure; HttpOnly');
    expect(maskCookies([{ name: 'session', value: 'abc123' }])).toEqual([
      { name: 'session', value: '••••' },
    ]);
  });

  it('masks credential query values in headers that repeat the URL (:path, Referer, Location)', () => {
    const log = new MaskLog();
    expect(maskHeader({ name: ':path', value: `/v1/a?access_token=${KEY}&page=2` }, log)).toEqual({
      name: ':path',
      value: '/v1/a?access_token=••••1Jc6&page=2',
      masked: true,
    });
    expect(
      maskHeader(
        { name: 'referer', value: `https://shop.example.test/cb?code=1&token=${KEY}` },
        log,
      ).value,
    ).toBe('https://shop.example.test/cb?code=1&token=••••1Jc6');
    const plain = { name: 'referer', value: 'https://shop.example.test/?page=2' };
    expect(maskHeader(plain, log)).toEqual({ ...plain, masked: false });
  });

  it('masks a cookie without a name whole', () => {
    expect(maskHeader({ name: 'Cookie', value: `${KEY}; theme=dark` }, new MaskLog()).value).toBe(
      '••••; theme=••••',
    );
  });

  it('masks headers named like credentials and leaves the others as sent', () => {
    const log = new MaskLog();
    expect(maskHeader({ name: 'X-CSRF-Token', value: 'q8Zr3Kp6Wd1Ys4Nm' }, log).masked).toBe(true);
    for (const header of [
      { name: 'companyId', value: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee' },
      { name: 'x-request-id', value: 'req-7f3e' },
      { name: 'accept', value: 'application/json' },
    ]) {
      expect(maskHeader(header, log)).toEqual({ ...header, masked: false });
    }
  });

  it('masks credential query values in the URL and the rows, and a password in the URL', () => {
    const log = new MaskLog();
    const result = maskUrl(
      `https://user:hunter2@api.example.test/v1/a?api_key=${KEY}&q=a+b&page=2#top`,
      log,
    );
    expect(result.url).toBe(
      'https://user:••••@api.example.test/v1/a?api_key=••••1Jc6&q=a+b&page=2',
    );
    expect(result.query).toEqual([
      { name: 'api_key', value: '••••1Jc6', masked: true },
      { name: 'q', value: 'a b', masked: false },
      { name: 'page', value: '2', masked: false },
    ]);
  });

  it('masks a token given as the user name, and a password with a raw @ in it', () => {
    const log = new MaskLog();
    expect(maskUrl(`https://${KEY}@api.example.test/v1/a`, log).url).toBe(
      'https://••••@api.example.test/v1/a',
    );
    expect(maskUrl('https://ann:p@ss@word@api.example.test/v1/a', log).url).toBe(
      'https://ann:••••@api.example.test/v1/a',
    );
    // An @ after the host (in the path) is not userinfo.
    expect(maskUrl('https://api.example.test/v1/users/ann@example.com', log).url).toBe(
      'https://api.example.test/v1/users/ann@example.com',
    );
  });

  it('masks credentials in bodies through the shared body rules', () => {
    const log = new MaskLog();
    expect(
      maskBody(`{"access_token":"${KEY}","expires_in":3599}`, 'application/json', log),
    ).toEqual({
      text: '{"access_token":"••••1Jc6","expires_in":3599}',
      maskedFields: ['access_token'],
    });
  });
});
