/**
 * An Apigee fault in Firefox, as in Chromium (tests/e2e/apigee-faults.spec.ts): the sandbox's API
 * products narrowed to /v1/products/**, a call to /v1/orders is refused with
 * InvalidAPICallAsNoApiProductMatchFound; the status line says what the gateway meant, the
 * Explanation shows the token's products and issue time beside the call, and the support report is
 * previewed (no secret in it, Firefox named) and saved as a .md file.
 */
import { readFileSync } from 'node:fs';
import { expectText } from '../journeys/driver';
import { createOAuthProfile } from '../journeys/profiles';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { expect, nextDownload, test } from './downloads';

test('a product mismatch: explained with the token’s products, and its support report saved', async ({
  panel,
  sandbox,
  downloads,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  sandbox.switches.productPaths = ['/v1/products/**'];
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  await panel.role('textbox', 'Path').fill('orders');
  await panel.role('button', 'Send').click();
  const response = panel.role('region', 'Response');
  await expectText(response, '401 · No API product covers this call');
  await panel.tab('Response', 'Explanation');
  await expectText(response, 'InvalidAPICallAsNoApiProductMatchFound');
  await expectText(response, /Called\s*GET \/v1\/orders/);
  await expectText(response, /Token’s API products\s*Partner API Sandbox, Partner Reports/);
  await expectText(response, /Token issued at\s*\d{4}-\d\d-\d\dT/);

  const report = panel.role('region', 'Support report');
  await report.within('button', 'Preview support report').click();
  const preview = report.within('textbox', 'Support report preview');
  let text = '';
  await expect
    .poll(
      async () => {
        text = await preview.value();
        return text;
      },
      { timeout: FIREFOX_WAIT_MS },
    )
    .toContain(
      '- Gateway error code: keymanagement.service.InvalidAPICallAsNoApiProductMatchFound',
    );
  expect(text).toMatch(/- Sent by: Partner API DevTools \d+\.\d+\.\d+, Firefox \d+/);
  expect(text).toContain(`- client ID ends with: ${clientId.slice(-4)}`);
  expect(text).toContain('$ACCESS_TOKEN');
  const token = (
    sandbox.requests.find((request) => request.path === '/v1/orders')?.headers.authorization ?? ''
  ).replace(/^Bearer /, '');
  for (const secret of [clientSecret, token]) expect(text).not.toContain(secret);

  await report.within('button', 'Save support report').click();
  const saved = await nextDownload(downloads, new Set());
  expect(saved).toMatch(/support-report-.*\.md$/);
  expect(readFileSync(saved, 'utf8')).toBe(text);
});
