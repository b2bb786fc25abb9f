/**
 * What a support report can say about each failure the panel shows: an answer (the Explanation, a
 * Timeline step, a History entry whose answer was kept), a call that got no answer (a Timeline
 * step), an earlier attempt or an old History entry (its status only: the panel did not keep its
 * headers), and a failed token request (the Auth tab, a Timeline step). The cURL is added by the
 * caller (the worker builds a call's; copy-as builds the token request's).
 *
 * Invariant: built from what the panel holds (masked headers, token metadata, calls as history
 * stored them); the worker still masks every secret it knows before the report is shown.
 */

import type { AuthMethod } from '../../vocabulary/terms';
import type { HistoryEntry } from '../storage/history';
import type { TokenFailureView } from '../token/token-grant';
import { faultFacts } from './apigee-faults';
import type { HttpExchange } from './execute';
import { headerValue, readGatewayFault } from './gateway-fault';
import type { SupportReportInput } from './support-report';
import type { CallStep } from './timeline';

/** A report but the extension's version and browser and the cURL, which the panel adds. */
export type ReportDraft = Omit<SupportReportInput, 'extension' | 'curl'>;

/** The profile's auth, as the report words it. */
export interface ReportAuth {
  authMethod: AuthMethod;
  formEncodeCredentials: boolean;
}

/** The gateway's code and text, with the catalogue's few words for it. */
function faultOf(answer: {
  status: number;
  headers: HttpExchange['headers'];
  bodyText: string;
}): ReportDraft['fault'] {
  const contentType = headerValue(answer.headers, 'content-type') ?? '';
  const fault = readGatewayFault({ ...answer, contentType });
  if (fault === null) return null;
  return { code: fault.code, text: fault.text, title: faultFacts(fault.code)?.title ?? null };
}

/** A call that was answered: everything the answer holds. */
export function answerReport(exchange: HttpExchange, atMs: number, auth: ReportAuth): ReportDraft {
  return {
    subject: 'call',
    atMs,
    method: exchange.request.method,
    url: exchange.request.url,
    status: exchange.status,
    statusText: exchange.statusText,
    headers: exchange.headers,
    fault: faultOf(exchange),
    token: exchange.token,
    ...auth,
  };
}

/** One try of a call as the Timeline knows it: its status, or why no answer came. */
export function callStepReport(step: CallStep, auth: ReportAuth): ReportDraft {
  return {
    subject: 'call',
    atMs: step.atMs,
    method: step.method,
    url: step.url,
    status: step.status,
    statusText: '',
    error:
      step.errorCode === null
        ? null
        : { code: step.errorCode, message: 'the call ended before an answer came' },
    headers: null,
    fault: null,
    token: undefined,
    ...auth,
  };
}

/** A History entry whose answer was not kept: what history stores of it. */
export function historyReport(entry: HistoryEntry, baseUrl: string, auth: ReportAuth): ReportDraft {
  const query = entry.query
    .map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return {
    subject: 'call',
    atMs: entry.at,
    method: entry.method,
    url: `${baseUrl}/v1/${entry.path}${query === '' ? '' : `?${query}`}`,
    status: entry.status,
    statusText: '',
    error:
      entry.errorCode === null
        ? null
        : { code: entry.errorCode, message: 'the call ended before an answer came' },
    headers: null,
    fault: null,
    token: undefined,
    ...auth,
  };
}

/** A failed token request: the token endpoint's answer, or why none came. */
export function tokenFailureReport(view: TokenFailureView, atMs: number): ReportDraft {
  const { request, response } = view;
  return {
    subject: 'token request',
    atMs,
    method: request.method,
    url: request.url,
    status: response?.status ?? null,
    statusText: response?.statusText ?? '',
    error:
      response === null
        ? { code: view.explanation.cause, message: view.explanation.summary }
        : null,
    headers: response?.headers ?? null,
    fault: response === null ? null : faultOf(response),
    token: undefined,
    authMethod: request.variant === 'basic' ? 'oauthBasic' : 'oauthBody',
    formEncodeCredentials: request.formEncoded,
  };
}
