/**
 * Explains an error answer of a `/v1` call the way the token debugger explains a failed grant:
 * what the gateway or service said (an Apigee fault read from the body or from WWW-Authenticate,
 * an OAuth error, an HTML page, a refusal of browser origins), what it means according to the
 * catalogue of Apigee faults, the evidence the panel holds (the decoded rate, the quota's reset,
 * the token's products…) and what to do first. A fault is classified by its code, never by its
 * status alone.
 */
import { type OriginOnWire, originAdvice, recogniseOriginRefusal } from '../wire/origin-refusal';
import { type FaultFacts, faultFacts } from './apigee-faults';
import { type EvidenceItem, type FaultContext, faultEvidence } from './fault-evidence';
import { type GatewayAnswer, type GatewayFault, readGatewayFault } from './gateway-fault';
import { readServerMessage, type ServerMessage } from './server-message';

export interface ServiceErrorExplanation {
  said: string;
  advice: string;
  /** The catalogue's row for the gateway's code, when it has one. */
  facts?: FaultFacts;
  /** What the panel knows beside the fault string (empty when nothing). */
  evidence: EvidenceItem[];
  /** The gateway's code and text as read, when the answer carried a fault. */
  fault?: GatewayFault;
}

const PLACE_WORDS: Record<GatewayFault['place'], string> = {
  fault: '',
  ErrorCode: '',
  oauth: '',
  'WWW-Authenticate': ' (in the WWW-Authenticate header)',
};

/** What the answer says, in one line; null when it says nothing readable. */
function saidBy(server: ServerMessage, fault: GatewayFault | null, status: number): string | null {
  if (fault !== null) {
    const place = PLACE_WORDS[fault.place];
    if (fault.place === 'fault') {
      return `${fault.text ?? 'fault without faultstring'}${fault.code ? ` [${fault.code}]` : ''}`;
    }
    return `${fault.code ?? 'an error'}${fault.text ? `: ${fault.text}` : ''}${place}`;
  }
  switch (server.kind) {
    case 'html':
      return `an HTML page${server.title ? ` titled “${server.title}”` : ''}`;
    case 'text':
      return `“${server.excerpt.slice(0, 120)}”`;
    default:
      return status === 403 ? 'nothing (403 Forbidden, empty body)' : null;
  }
}

function htmlAdvice(status: number): string {
  if (status === 502 || status === 503 || status === 504) {
    return 'A gateway or load balancer answered with its own error page: it could not get an answer from the service behind it (down, restarting or too slow). Try again in a moment and tell the provider if it persists; only if every call gets this page, check the Base URL.';
  }
  return 'An HTML error page usually comes from a load balancer or a wrong host: check the Base URL.';
}

/** The gateway's meaning in a few words for the status line ("Spike arrest: rate limit"), or null. */
export function gatewayTitle(answer: GatewayAnswer): string | null {
  return faultFacts(readGatewayFault(answer)?.code ?? null)?.title ?? null;
}

export function explainServiceError(
  status: number,
  contentType: string,
  bodyText: string,
  origin: OriginOnWire = null,
  context: FaultContext = { headers: [] },
): ServiceErrorExplanation | null {
  if (status < 400) return null;
  const server = readServerMessage(bodyText, contentType);
  const fault = readGatewayFault({ status, headers: context.headers, bodyText, contentType });
  const said = saidBy(server, fault, status);
  if (said === null) return null;
  const refusal = recogniseOriginRefusal(status, server, origin);
  if (refusal !== null) {
    return { said, advice: originAdvice(refusal, origin).join(' '), evidence: [] };
  }
  const facts = faultFacts(fault?.code ?? null);
  if (fault !== null && facts !== undefined) {
    return {
      said,
      advice: `${facts.means} ${facts.todo}`,
      facts,
      evidence: faultEvidence(fault, facts, context),
      fault,
    };
  }
  if (fault !== null) {
    const evidence = faultEvidence(fault, undefined, context);
    if (fault.place === 'fault') {
      return {
        said,
        advice: 'Read the fault string: it names the policy that refused the call.',
        evidence,
        fault,
      };
    }
    return {
      said,
      advice:
        status === 401
          ? 'Check the profile’s credentials.'
          : 'Check the request against what the service expects.',
      evidence,
      fault,
    };
  }
  return server.kind === 'html' ? { said, advice: htmlAdvice(status), evidence: [] } : null;
}
