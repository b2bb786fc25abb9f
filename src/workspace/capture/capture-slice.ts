/**
 * The capture slice's reducer (its shape in capture-state.ts): calls listed, a body read or given
 * up on, requests that could not be read, the tokens the worker knows, a notice, Clear. It runs in
 * the capture's commands (capture-commands.ts), which hand the store the slice it gives whole
 * (one `capture` action in apply-event.ts): the panel's start-up carries none of the capture's
 * code, and the commands compute new lists with src/capture/capture-list.ts.
 */
import { type CaptureSlice, type CaptureSliceAction, EMPTY_CAPTURE } from './capture-state';

export function reduceCapture(capture: CaptureSlice, action: CaptureSliceAction): CaptureSlice {
  switch (action.type) {
    case 'capture/listed':
      return { ...capture, list: action.list, reading: [...capture.reading, ...action.reading] };
    case 'capture/body-read':
      return {
        ...capture,
        list: action.list ?? capture.list,
        reading: capture.reading.filter((key) => key !== action.key),
      };
    case 'capture/not-read':
      return {
        ...capture,
        unreadable: capture.unreadable + action.count,
        lastUnreadable: action.why,
      };
    case 'capture/tokens':
      return { ...capture, known: action.known ?? capture.known, tokenCheckError: action.error };
    case 'capture/set':
      return { ...capture, ...action.set };
    case 'capture/cleared':
      // Why the token check failed stays: it is about the worker, not the list.
      return { ...EMPTY_CAPTURE, tokenCheckError: capture.tokenCheckError };
  }
}
