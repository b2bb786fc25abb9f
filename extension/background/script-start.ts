/**
 * When the worker's script began to run, read by the bench's phase times (main.ts, `script`):
 * everything before it is Chrome starting the worker, loading the script and the V8 code cache it
 * keeps beside it since install; the rest of `start` is evaluating it. main.ts imports this module
 * first, before anything it evaluates.
 */
export const SCRIPT_START = performance.now();
