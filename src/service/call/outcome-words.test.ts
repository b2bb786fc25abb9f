import { describe, expect, it } from 'vitest';
import { outcomeWords } from './outcome-words';

describe('outcomeWords', () => {
  it('shows the status of an answer, and words for a call that got none', () => {
    expect(outcomeWords(404, null)).toBe('404');
    expect(outcomeWords(null, 'token_refused')).toBe('no token');
    expect(outcomeWords(null, 'server_unreachable')).toBe('no answer');
    expect(outcomeWords(null, 'cancelled')).toBe('cancelled');
    expect(outcomeWords(null, null)).toBe('—');
  });

  it('never shows a raw code with underscores, even for a code it does not know', () => {
    expect(outcomeWords(null, 'some_new_code')).toBe('some new code');
  });
});
