/**
 * The support report's commands, plain functions taking the workspace's dependencies, loaded with
 * the report: its text for each place a failure is shown (the Explanation, a Timeline step, a
 * History entry with the answer the worker may still keep, a failed token request), built from the
 * report's facts (src/service/call/report-sources.ts) with the cURL that reproduces it, secrets as
 * environment variables (a call's from the worker's `code/build` in variables mode, the token
 * request's from copy-as); then Preview support report: the worker masks every secret it holds in
 * any encoding and counts them (`report/redact`). Nothing is shown or copied before that.
 */
import { tokenRequestCurl } from '../../copy-as/curl';
import type { HttpExchange } from '../../service/call/execute';
import {
  answerReport,
  callStepReport,
  historyReport,
  type ReportDraft,
  tokenFailureReport,
} from '../../service/call/report-sources';
import { buildSupportReport } from '../../service/call/support-report';
import type { CallStep } from '../../service/call/timeline';
import type { ProfileView } from '../../service/profile/profile-input';
import type { HistoryEntry } from '../../service/storage/history';
import type { TokenFailureView } from '../../service/token/token-grant';
import type { Result } from '../../vocabulary/errors';
import type { ComposedCall } from '../../vocabulary/terms';
import type { CommandDeps } from '../ask';
import { historyAnswer } from '../history/history-commands';

/** What failed, as the place that shows it holds it. */
export type ReportSource =
  | { kind: 'answer'; exchange: HttpExchange; call: ComposedCall; atMs: number }
  | { kind: 'step'; step: CallStep; call: ComposedCall }
  | { kind: 'token'; view: TokenFailureView; atMs: number }
  | { kind: 'history'; entry: HistoryEntry };

export type ReportProfile = Pick<
  ProfileView,
  'id' | 'baseUrl' | 'authMethod' | 'formEncodeCredentials'
>;

/** The extension's version and the browser it runs in, as the report names them. */
export interface ReportExtension {
  version: string;
  browser: string;
}

/** The worker's cURL of a call, secrets as environment variables; null when it could not. */
async function callCurl(
  { ask }: CommandDeps,
  profileId: string,
  call: ComposedCall,
): Promise<string | null> {
  const { method, path, query, headers, body } = call;
  const reply = await ask('code/build', {
    profileId,
    language: 'curl',
    mode: 'variables',
    ...{ method, path, query, headers, body },
  });
  return reply.ok ? reply.value.code : null;
}

async function draftOf(
  deps: CommandDeps,
  source: ReportSource,
  profile: ReportProfile,
): Promise<{ draft: ReportDraft; curl: string | null }> {
  switch (source.kind) {
    case 'answer':
      return {
        draft: answerReport(source.exchange, source.atMs, profile),
        curl: await callCurl(deps, profile.id, source.call),
      };
    case 'step':
      return {
        draft: callStepReport(source.step, profile),
        curl: await callCurl(deps, profile.id, source.call),
      };
    case 'token': {
      const { url, variant, formEncoded } = source.view.request;
      const label = variant === 'basic' ? 'variant A, Basic header' : 'variant B, form body';
      return {
        draft: tokenFailureReport(source.view, source.atMs),
        curl: tokenRequestCurl({ url, variant, formEncode: formEncoded, label }),
      };
    }
    case 'history': {
      const { entry } = source;
      const answer = await historyAnswer(deps, profile.id, entry.id);
      const draft =
        answer !== null && 'exchange' in answer.outcome
          ? answerReport(answer.outcome.exchange, entry.at, profile)
          : historyReport(entry, profile.baseUrl, profile);
      return { draft, curl: await callCurl(deps, profile.id, entry) };
    }
  }
}

/** The report's text before the worker masks what it knows. */
export async function reportText(
  deps: CommandDeps,
  source: ReportSource,
  profile: ReportProfile,
  extension: ReportExtension,
): Promise<string> {
  const { draft, curl } = await draftOf(deps, source, profile);
  return buildSupportReport({ ...draft, curl, extension });
}

/** Preview support report: the text with every secret the worker holds masked, and how many. */
export async function previewReport(
  deps: CommandDeps,
  source: ReportSource,
  profile: ReportProfile,
  extension: ReportExtension,
): Promise<Result<{ text: string; replaced: number }>> {
  const text = await reportText(deps, source, profile, extension);
  return deps.ask('report/redact', { text });
}
