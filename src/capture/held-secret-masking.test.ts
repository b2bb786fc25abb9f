import { describe, expect, it } from 'vitest';
import { exportCapturedHar } from '../formats/har/har-export';
import { createRedactor } from '../redaction/known-secret-redaction';
import { maskSecret } from '../redaction/mask';
import { captured, PROFILES } from '../testing/fixtures/capture/capture-samples';
import { API, chromeEntry } from '../testing/fixtures/har/har-samples';
import { matchCall } from './call-matching';
import { checkContract } from './contract-check';
import { capturedTexts, maskingBatches, withMaskedTexts } from './held-secret-masking';

/** Saved secrets that look like nothing: no credential pattern would mask them. */
const HELD_KEY = 'plain-words-saved-key-4711';
const HELD_SECRET = 'another plain phrase 0815';
const worker = createRedactor({ secrets: [HELD_KEY, HELD_SECRET], pairs: [] });

/** What the worker's `capture/mask` answers (extension/background/handlers/capture.ts). */
const answer = (texts: string[]) => ({
  texts: texts.map(worker.text),
  forms: [...new Set(texts.flatMap(worker.masksIn))],
});

async function pageCall() {
  return captured(
    chromeEntry({
      method: 'POST',
      url: `${API}/v1/orders?note=${encodeURIComponent(HELD_SECRET)}`,
      headers: [{ name: 'x-debug', value: `sent ${HELD_KEY}` }],
      body: { mimeType: 'text/plain', text: `key: ${HELD_KEY}` },
      responseText: JSON.stringify({ echo: HELD_SECRET }),
    }),
  );
}

describe('withMaskedTexts', () => {
  it('masks held secrets that match no credential pattern, in URL, rows and bodies', async () => {
    const call = await pageCall();
    // The pattern masking alone lets them through: this is what the worker's masking is for.
    expect(JSON.stringify(call)).toContain(HELD_KEY);
    const masked = withMaskedTexts([call], answer(capturedTexts([call])));
    if (!masked.ok) throw new Error(masked.error.message);
    const [only] = masked.value;
    const text = JSON.stringify(only);
    for (const held of [HELD_KEY, HELD_SECRET, encodeURIComponent(HELD_SECRET)])
      expect(text).not.toContain(held);
    expect(only?.requestHeaders.find((row) => row.name === 'x-debug')?.value).toBe(
      `sent ${maskSecret(HELD_KEY)}`,
    );
    expect(only?.requestBody?.text).toBe(`key: ${maskSecret(HELD_KEY)}`);
    expect(only?.maskedForms).toEqual(
      expect.arrayContaining([maskSecret(HELD_KEY), maskSecret(HELD_SECRET)]),
    );
    // Findings are made from the masked call, so they cannot quote a held secret either.
    if (only === undefined) throw new Error('no call');
    const findings = checkContract(only, matchCall(only, PROFILES), [], Date.now());
    expect(findings.length).toBeGreaterThan(0);
    expect(JSON.stringify(findings)).not.toMatch(/plain-words|plain phrase/);
  });

  it('lets Export captured hide the tails of the masks it wrote', async () => {
    const call = await pageCall();
    const masked = withMaskedTexts([call], answer(capturedTexts([call])));
    if (!masked.ok) throw new Error(masked.error.message);
    const har = exportCapturedHar(masked.value, { version: '0.0.0' });
    expect(har).not.toContain(maskSecret(HELD_KEY));
    expect(har).not.toContain(HELD_KEY);
  });

  it('changes nothing but the texts, and refuses a reply that does not fit the calls', async () => {
    const call = await pageCall();
    const texts = capturedTexts([call]);
    const same = withMaskedTexts([call], { texts, forms: [] });
    expect(same).toEqual({ ok: true, value: [call] });
    const short = withMaskedTexts([call], { texts: texts.slice(1), forms: [] });
    expect(short.ok).toBe(false);
  });
});

describe('maskingBatches', () => {
  it('groups calls in order within the budget, a larger call alone', async () => {
    const call = await pageCall();
    const chars = capturedTexts([call]).join('').length;
    const batches = maskingBatches([call, call, call], chars * 2);
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(maskingBatches([call, call], chars - 1).map((batch) => batch.length)).toEqual([1, 1]);
    expect(maskingBatches([])).toEqual([]);
  });
});
