/**
 * Unwraps a Result in a test, so that each test states what it expects (an answer or a refusal)
 * and reads on from the value. A refusal is also held to the promise every AppError makes: it
 * says what happened and what to do (a non-empty message and hint). Used by tests only.
 */
import { inspect } from 'node:util';
import { expect } from 'vitest';
import type { AppError, ErrorCode, Result } from '../vocabulary/errors';

/** The value of an accepted result; a refusal fails the test with its code and message. */
export function accepted<T>(result: Result<T>): T {
  if (!result.ok) {
    throw new Error(`expected acceptance, got ${result.error.code}: ${result.error.message}`);
  }
  return result.value;
}

/** The error of a refused result, checked for `code` when given and for a message and a hint. */
export function refusal(result: Result<unknown>, code?: ErrorCode): AppError {
  if (result.ok) {
    const got = inspect(result.value, { depth: 2, breakLength: Infinity, maxStringLength: 200 });
    throw new Error(`expected a refusal${code ? ` (${code})` : ''}, got ${got}`);
  }
  if (code !== undefined) expect(result.error.code).toBe(code);
  expect(result.error.message.trim(), 'every AppError says what happened').not.toBe('');
  expect(result.error.hint.trim(), 'every AppError says what to do').not.toBe('');
  return result.error;
}
