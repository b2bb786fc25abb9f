import { describe, expect, it } from 'vitest';
import { ANSWERS } from '../../testing/fixtures/wire/origin-refusal-samples';
import { statusMeaning } from './http-status';
import { explainServiceError } from './service-error';

describe('service error explanations', () => {
  it('name the Apigee fault and give its specific advice', () => {
    const body = JSON.stringify({
      fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
    });
    const explained = explainServiceError(401, 'application/json', body);
    expect(explained?.said).toBe('Invalid ApiKey [oauth.v2.InvalidApiKey]');
    expect(explained?.advice).toMatch(/API key/);
  });

  it('read a 502 HTML page as a gateway or upstream problem before a wrong Base URL', () => {
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
    for (const status of [502, 503, 504]) {
      const explained = explainServiceError(status, 'text/html', page);
      expect(explained?.said).toBe('an HTML page titled “502 Bad Gateway”');
      expect(explained?.advice).toMatch(
        /^A gateway or load balancer answered with its own error page: it could not get an answer from the service behind it/,
      );
      expect(explained?.advice).toMatch(/only if every call gets this page, check the Base URL\.$/);
    }
  });

  it('send other HTML error pages to the Base URL', () => {
    const explained = explainServiceError(
      404,
      'text/html',
      '<html><title>Not Found</title></html>',
    );
    expect(explained?.advice).toBe(
      'An HTML error page usually comes from a load balancer or a wrong host: check the Base URL.',
    );
  });

  it('explain refusals of browser origins on their own terms', () => {
    const spring = ANSWERS.springInvalidCors;
    const refused = explainServiceError(spring.status, spring.contentType, spring.body, {
      sent: false,
    });
    expect(refused?.said).toBe('“Invalid CORS request”');
    expect(refused?.advice).toMatch(/^No Origin header went out/);
    const sandbox = ANSWERS.sandboxOriginRefused;
    const fromSandbox = explainServiceError(sandbox.status, sandbox.contentType, sandbox.body, {
      sent: true,
      value: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    });
    expect(fromSandbox?.said).toContain('Requests from a browser are not accepted');
    expect(fromSandbox?.advice).toMatch(/^The request went out with Origin: chrome-extension:/);
    const apigee = ANSWERS.apigeeCorsFault;
    const cors = explainServiceError(apigee.status, apigee.contentType, apigee.body);
    expect(cors?.said).toBe(
      'CORS[AddCORS]: unable to resolve variable wrong.var [steps.cors.UnresolvedVariable]',
    );
    expect(cors?.advice).toMatch(/^The gateway’s CORS policy failed/);
  });

  it('read a bare 403 as an origin refusal only when the call carried an Origin', () => {
    const sent = explainServiceError(403, '', '', { sent: true, value: 'chrome-extension://x' });
    expect(sent?.said).toBe('nothing (403 Forbidden, empty body)');
    expect(sent?.advice).toContain('went out with Origin: chrome-extension://x');
    expect(explainServiceError(403, '', '', { sent: false })).toBeNull();
    expect(explainServiceError(403, '', '')).toBeNull();
  });

  it('do not take a 5xx about an upstream origin server for a refusal of browsers', () => {
    const body = '{"fault":{"faultstring":"Origin server unreachable","detail":{"errorcode":"x"}}}';
    expect(explainServiceError(502, 'application/json', body)?.advice).toBe(
      'Read the fault string: it names the policy that refused the call.',
    );
  });

  it('say nothing for success or for an error body it cannot read', () => {
    expect(explainServiceError(200, 'application/json', '{}')).toBeNull();
    expect(explainServiceError(500, 'text/plain', '')).toBeNull();
  });

  it('give every status a meaning', () => {
    expect(statusMeaning(401)).toMatch(/credentials/);
    expect(statusMeaning(418)).toBe('Client error');
    expect(statusMeaning(299)).toBe('Success');
    expect(statusMeaning(999)).toBe('Unknown status');
  });
});
