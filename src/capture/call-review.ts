/**
 * Everything the capture says about one call, in the order the view shows it: security
 * advisories (spec 5.1) and contract findings (spec 4.1, 4.2), the most urgent first.
 */
import type { CallMatch } from './call-matching';
import type { CapturedCall } from './captured-call';
import { checkContract } from './contract-check';
import { bySeverity, type Finding } from './finding';
import { adviseOnCall } from './security-advisories';
import type { KnownToken } from './token-fingerprint';

export function reviewCall(
  call: CapturedCall,
  match: CallMatch,
  known: readonly KnownToken[],
  nowMs: number,
): Finding[] {
  return [...adviseOnCall(call, match), ...checkContract(call, match, known, nowMs)].sort(
    bySeverity,
  );
}

/** The Bearer fingerprints of the calls, each once: what to ask the worker (`capture/check-tokens`). */
export function fingerprintsOf(calls: readonly CapturedCall[]): string[] {
  const fingerprints = new Set<string>();
  for (const call of calls) {
    for (const fact of call.facts.authorization) {
      if (fact.fingerprint !== null) fingerprints.add(fact.fingerprint);
    }
  }
  return [...fingerprints];
}
