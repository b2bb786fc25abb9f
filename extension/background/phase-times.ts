/**
 * The worker's phase times (src/protocol/phase-times.ts), kept only in a build made with
 * VITE_PHASE_TIMES=1 (`npm run bench:phases`), which reads them with `globalThis.partnerApiPhaseTimes`
 * from the worker over CDP. In every other build the flag is a constant false and the bundler drops
 * the recording side.
 */
import { createPhaseTimes, NO_PHASE_TIMES, type PhaseTimes } from '../../src/protocol/phase-times';

const enabled = import.meta.env.VITE_PHASE_TIMES === '1';

export const phaseTimes: PhaseTimes = enabled
  ? createPhaseTimes(() => performance.now())
  : NO_PHASE_TIMES;

if (enabled)
  (globalThis as { partnerApiPhaseTimes?: PhaseTimes }).partnerApiPhaseTimes = phaseTimes;
