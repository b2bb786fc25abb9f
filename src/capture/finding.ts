/**
 * A finding about a captured call, in the words the view shows: a security advisory (spec 5.1:
 * a credential the page should not hold) or a breach of the call contract (spec 4.1, 4.2). Each
 * says what is wrong and what to do, and never quotes a credential (masked views at most).
 */
import { findSecretInText } from '../redaction/secret-patterns';

/** From the most to the least urgent; the view shows them in this order. */
const SEVERITIES = ['critical', 'high', 'error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  /** Stable, for tests and for the view to pick an icon: `api-key-in-page`, `company-id-missing`, … */
  code: string;
  kind: 'security' | 'contract';
  severity: Severity;
  /** What is wrong, in plain words. */
  message: string;
  /** What to do about it. */
  hint: string;
}

export function contractFinding(
  code: string,
  severity: Severity,
  message: string,
  hint: string,
): Finding {
  return { code, kind: 'contract', severity, message, hint };
}

export function bySeverity(a: Finding, b: Finding): number {
  return SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);
}

/** A value the page sent, quoted for a message: shortened, and never if it looks like a secret. */
export function quoteValue(value: string): string {
  if (findSecretInText(value, []) !== null) return 'a value that looks like a secret';
  const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return `“${shown}”`;
}

/** The mark a list row carries for its worst finding: critical (or high), a warning, or none. */
export type FindingMark = 'critical' | 'warning' | null;

export function worstMark(findings: readonly Finding[]): FindingMark {
  if (findings.some(({ severity }) => severity === 'critical' || severity === 'high')) {
    return 'critical';
  }
  if (findings.some(({ severity }) => severity === 'error' || severity === 'warning')) {
    return 'warning';
  }
  return null;
}
