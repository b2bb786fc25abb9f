/**
 * The support report's text for each place a failure is shown (the Explanation, a Timeline step,
 * a History entry, a failed token request): the report's facts (src/service/call/report-sources.ts)
 * with the cURL that reproduces it, secrets as environment variables: a call's from the worker
 * (`code/build`, variables mode), the token request's from copy-as. Loaded with the report.
 */
import { tokenRequestCurl } from '../../../src/copy-as/curl';
import type { HttpExchange } from '../../../src/service/call/execute';
import {
  answerReport,
  callStepReport,
  historyReport,
  type ReportDraft,
  tokenFailureReport,
} from '../../../src/service/call/report-sources';
import { buildSupportReport } from '../../../src/service/call/support-report';
import type { CallStep } from '../../../src/service/call/timeline';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { TokenFailureView } from '../../../src/service/token/token-grant';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import { ask } from '../state/worker-client';

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

function browserName(): string {
  const found = /(Firefox|Edg|Chrome)\/(\d+)/.exec(navigator.userAgent);
  return found === null
    ? 'unknown browser'
    : `${found[1] === 'Edg' ? 'Edge' : found[1]} ${found[2]}`;
}

async function callCurl(profileId: string, call: ComposedCall): Promise<string | null> {
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
  source: ReportSource,
  profile: ReportProfile,
): Promise<{ draft: ReportDraft; curl: string | null }> {
  switch (source.kind) {
    case 'answer':
      return {
        draft: answerReport(source.exchange, source.atMs, profile),
        curl: await callCurl(profile.id, source.call),
      };
    case 'step':
      return {
        draft: callStepReport(source.step, profile),
        curl: await callCurl(profile.id, source.call),
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
      const kept = await ask('history/answer', { profileId: profile.id, entryId: entry.id });
      const answer = kept.ok ? kept.value.answer : null;
      const draft =
        answer !== null && 'exchange' in answer.outcome
          ? answerReport(answer.outcome.exchange, entry.at, profile)
          : historyReport(entry, profile.baseUrl, profile);
      return { draft, curl: await callCurl(profile.id, entry) };
    }
  }
}

/** The report's text before the worker masks what it knows. */
export async function reportText(source: ReportSource, profile: ReportProfile): Promise<string> {
  const { draft, curl } = await draftOf(source, profile);
  return buildSupportReport({
    ...draft,
    curl,
    extension: { version: chrome.runtime.getManifest().version, browser: browserName() },
  });
}
