/**
 * One saved request as the data of its OpenCollection request file: `info` (name, `type: http`,
 * `seq` for its place), `http` (method, `{{baseUrl}}/v1/<path>` with the query as the panel
 * encodes it, the query as `params`, the user's headers, a JSON body, `auth: inherit` so the
 * collection's authentication applies) and `runtime` (assertions, and answer variables as
 * `set-variable` actions after the response). Keys are always added in this order.
 *
 * Contract headers (Content-Type, companyId, x-apikey, Authorization) are never written here: the
 * collection file sets the first two for every request and its auth the third or fourth.
 */
import { AUTH_VARIABLES, type SavedRequest } from '../../collections/model';
import { sentQuery } from '../../collections/path-query';
import { CONTRACT_HEADERS } from '../../service/wire/headers';
import { type Assertion, UNARY_OPERATORS, type YamlMap } from './opencollection-format';

const NO_BODY_METHODS = new Set(['GET', 'HEAD']);
const CONTRACT = new Set<string>(CONTRACT_HEADERS);
function buildHttp(request: SavedRequest): YamlMap {
  const { path, pairs } = sentQuery(request);
  const search = pairs.map(({ name, value }) => (value === null ? name : `${name}=${value}`));
  const headers = request.headers
    .map(({ name, value }) => ({ name: name.trim(), value }))
    .filter(({ name }) => name !== '' && !CONTRACT.has(name.toLowerCase()));
  const http: YamlMap = {
    method: request.method,
    url: `{{${AUTH_VARIABLES.baseUrl}}}/v1/${path}${search.length === 0 ? '' : `?${search.join('&')}`}`,
  };
  if (pairs.length > 0) {
    http.params = pairs.map(({ name, value }) => ({ name, value: value ?? '', type: 'query' }));
  }
  if (headers.length > 0) http.headers = headers.map(({ name, value }) => ({ name, value }));
  if (request.body !== '' && !NO_BODY_METHODS.has(request.method)) {
    http.body = { type: 'json', data: request.body };
  }
  http.auth = 'inherit';
  return http;
}

function buildAssertion(assertion: Assertion): YamlMap {
  const written: YamlMap = { expression: assertion.expression, operator: assertion.operator };
  if (!UNARY_OPERATORS.has(assertion.operator)) written.value = assertion.value;
  if (!assertion.enabled) written.disabled = true;
  return written;
}

function buildRuntime(request: SavedRequest): YamlMap | undefined {
  const assertions = request.assertions ?? [];
  const answers = request.answerVariables ?? [];
  if (assertions.length === 0 && answers.length === 0) return undefined;
  const runtime: YamlMap = {};
  if (assertions.length > 0) runtime.assertions = assertions.map(buildAssertion);
  if (answers.length > 0) {
    runtime.actions = answers.map((answer) => {
      const action: YamlMap = {
        type: 'set-variable',
        phase: 'after-response',
        selector: { expression: answer.expression, method: 'jsonq' },
        variable: { name: answer.name, scope: 'runtime' },
      };
      if (!answer.enabled) action.disabled = true;
      return action;
    });
  }
  return runtime;
}

/** The request file's data; `seq` is its 1-based place among its siblings. */
export function buildRequestFile(request: SavedRequest, seq: number): YamlMap {
  return {
    info: { name: request.name, type: 'http', seq },
    http: buildHttp(request),
    runtime: buildRuntime(request),
    // The URL is written encoded as the panel sends it; Bruno encodes again unless told not to,
    // and writes `encodeUrl: true` when it saves a file that has no setting.
    settings: { encodeUrl: false },
  };
}
