/**
 * The layout cannot send a `prefs/set` the worker refuses. Any run of drags, arrow steps and tab
 * picks, through the very bounds the dividers use (ui-prefs.ts) and merged as use-prefs merges
 * them, passes the real schema whatever the pointer read (a box with no size reads 0/0).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_TABS,
  RESPONSE_TABS,
  SIDEBAR_TABS,
  sidebarWidthWithin,
  splitRatioWithin,
  type UiPrefs,
} from '../vocabulary/ui-prefs';
import { messages } from './messages';

const NUM_RUNS = Number(process.env.FC_RUNS) || 200;

function issueOf(schema: v.GenericSchema, payload: unknown): string | null {
  const parsed = v.safeParse(schema, payload);
  const issue = parsed.issues?.[0];
  return issue === undefined ? null : `${v.getDotPath(issue)}: ${issue.message}`;
}

type PrefsPatch = Partial<UiPrefs>;

/** A pointer or key reading as the dividers get it: any number, a box of no size included. */
const reading = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0 / 0),
);

const prefEdits: fc.Arbitrary<PrefsPatch> = fc.oneof(
  // ResizeHandle: min 160, max from the window's width (never under 200, at most 800).
  fc.tuple(reading, fc.integer({ min: 0, max: 5_000 })).map(([x, innerWidth]) => ({
    sidebarWidth: sidebarWidthWithin(x, 160, Math.max(200, Math.min(800, innerWidth - 360))),
  })),
  reading.map((ratio) => ({ splitRow: splitRatioWithin(ratio) })),
  reading.map((ratio) => ({ splitColumn: splitRatioWithin(ratio) })),
  fc.boolean().map((sidebarOpen) => ({ sidebarOpen })),
  fc.constantFrom(...SIDEBAR_TABS).map((sidebarTab) => ({ sidebarTab })),
  fc.constantFrom(...REQUEST_TABS).map((requestTab) => ({ requestTab })),
  fc.constantFrom(...RESPONSE_TABS).map((responseTab) => ({ responseTab })),
);

describe('the layout’s changes, against the worker’s prefs/set schema', () => {
  it('any run of drags, steps and picks (merged as use-prefs merges them) passes', () => {
    fc.assert(
      fc.property(fc.array(prefEdits, { minLength: 1, maxLength: 30 }), (patches) => {
        // As use-prefs merges the changes of one moment into one write.
        const prefs: PrefsPatch = Object.assign({}, ...patches);
        expect(issueOf(messages['prefs/set'], { prefs })).toBeNull();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('a drag over a box of no size keeps the middle, not NaN', () => {
    expect(splitRatioWithin(0 / 0)).toBe(0.5);
    expect(sidebarWidthWithin(Number.NaN, 160, 800)).toBe(160);
  });
});
