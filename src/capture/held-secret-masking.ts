/**
 * Masks the worker's own secrets in captured calls. The capture masks a page's credentials by
 * what they look like (credential-masking.ts), which misses a stored API key or client secret that
 * looks like nothing in particular (`x-debug: AK-…`, `?note=<secret>`). The panel never holds the
 * secrets, so it sends every text of the calls to the worker (`capture/mask`), which answers them
 * through the one redaction of every held secret (src/redaction/known-secret-redaction.ts) with
 * the masks it wrote; the calls are then rebuilt from the masked texts.
 *
 * Invariant: `withMaskedTexts(calls, reply)` changes the strings of the calls only, in the order
 * `capturedTexts(calls)` listed them, and adds the reply's masks to `maskedForms` (so that Export
 * captured hides their tails too). A reply of another length is refused, never half applied.
 */
import * as v from 'valibot';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { CapturedCall } from './captured-call';

/**
 * One message to the worker carries at most this many characters of texts (a body is at most
 * 1 M: MAX_CAPTURED_BODY), far below Chrome's 64 MiB message limit even as JSON.
 */
export const MASK_BATCH_CHARS = 8_000_000;
/** A single text may be longer than a batch (a page's URL has no limit): it goes alone. */
const MAX_TEXT = 16_000_000;
const MAX_TEXTS = 200_000;

export const MaskCapturedSchema = v.strictObject({
  texts: v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_TEXT))), v.maxLength(MAX_TEXTS)),
});
export type MaskCapturedRequest = v.InferOutput<typeof MaskCapturedSchema>;

export interface MaskCapturedResponse {
  /** The texts, in the same order, every held secret masked. */
  texts: string[];
  /** The masks with a tail (`••••3f9a`) written into them. */
  forms: string[];
}

/** Every string of `value`, depth first, object keys left out (they are the model's names). */
function collect(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, out);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) collect(item, out);
}

/** `value` with each string replaced by the next of `next`, in the order `collect` found them. */
function rebuild(value: unknown, next: () => string): unknown {
  if (typeof value === 'string') return next();
  if (Array.isArray(value)) return value.map((item) => rebuild(item, next));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rebuild(item, next)]));
}

/** The calls without their list of masked forms: those are masks already, nothing to check. */
const withoutForms = (calls: readonly CapturedCall[]) =>
  calls.map(({ maskedForms: _forms, ...rest }) => rest);

/** Every text of the calls, in a fixed order, for the worker to mask. */
export function capturedTexts(calls: readonly CapturedCall[]): string[] {
  const out: string[] = [];
  collect(withoutForms(calls), out);
  return out;
}

/** The calls in groups of at most `budget` characters of texts (a larger call alone), in order. */
export function maskingBatches(
  calls: readonly CapturedCall[],
  budget = MASK_BATCH_CHARS,
): CapturedCall[][] {
  const batches: CapturedCall[][] = [];
  let current: CapturedCall[] = [];
  let size = 0;
  for (const call of calls) {
    const chars = capturedTexts([call]).reduce((sum, text) => sum + text.length, 0);
    if (current.length > 0 && size + chars > budget) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(call);
    size += chars;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The calls rebuilt from the worker's masked texts, or why the reply does not fit them. */
export function withMaskedTexts(
  calls: readonly CapturedCall[],
  reply: MaskCapturedResponse,
): Result<CapturedCall[]> {
  const expected = capturedTexts(calls).length;
  if (reply.texts.length !== expected) {
    return fail(
      'internal',
      `The worker masked ${reply.texts.length} texts of the captured calls, not ${expected}.`,
      'Close and reopen DevTools; if it happens again, report it.',
    );
  }
  let at = 0;
  const rebuilt = rebuild(withoutForms(calls), () => reply.texts[at++] ?? '') as Omit<
    CapturedCall,
    'maskedForms'
  >[];
  return ok(
    rebuilt.map((call, index) => ({
      ...call,
      maskedForms: [...new Set([...(calls[index]?.maskedForms ?? []), ...reply.forms])],
    })),
  );
}
