/**
 * `matches` and `notMatches` run on RE2 (re2js), whose matching time is linear in the text: no
 * pattern, however written, can make a check backtrack for ever (`(a+)+$` is as fast as `a`).
 * Patterns RE2 cannot run in linear time (look-arounds, back-references) are refused with a
 * reason. Bounded: patterns up to MAX_PATTERN characters, texts up to MAX_MATCHED_TEXT.
 */
import { RE2JS } from 're2js';
import type { PatternSearch } from './assertion-operators';

export const MAX_PATTERN = 1_024;
/** Longer texts are refused, not cut: a match on a cut text could pass by accident. */
export const MAX_MATCHED_TEXT = 1_000_000;

const compiled = new Map<string, RE2JS | { problem: string }>();
const MAX_KEPT = 200;

function compile(pattern: string): RE2JS | { problem: string } {
  const kept = compiled.get(pattern);
  if (kept !== undefined) return kept;
  let result: RE2JS | { problem: string };
  try {
    result = RE2JS.compile(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    result = {
      problem: `the pattern cannot be used (${reason.slice(0, 120)}); look-arounds and back-references are not supported`,
    };
  }
  if (compiled.size >= MAX_KEPT) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/** Searches `text` for `pattern` (anywhere in it, as JavaScript's RegExp.test does). */
export const patternSearch: PatternSearch = (pattern, text) => {
  if (pattern.length > MAX_PATTERN) {
    return { problem: `the pattern is longer than ${MAX_PATTERN} characters` };
  }
  if (text.length > MAX_MATCHED_TEXT) {
    return {
      problem: `the text is longer than the ${MAX_MATCHED_TEXT} characters a pattern is matched on`,
    };
  }
  const regex = compile(pattern);
  return 'problem' in regex ? regex : regex.matcher(text).find();
};
