/**
 * The round loop of the A/B benches that compare builds (bench-cold-ab.ts, bench-cold-cpu.ts,
 * bench-cold-floor.ts): the builds named on the command line (or given), each measured in turn by
 * `one`, round after round (ROUNDS, default 3), the order reversed every other round so that
 * neither build always goes first. Each measure is printed as one JSON line with its round, its
 * build and the load average: a figure means something only beside the other builds' figures of
 * the same round. One sandbox serves every round.
 */
import { loadavg } from 'node:os';
import { createSandbox, type Sandbox } from '../src/sandbox/server';

export async function alternatedRounds(
  one: (dist: string, round: number, sandbox: Sandbox) => Promise<object>,
  dists: string[] = process.argv.slice(2),
): Promise<void> {
  const rounds = Number(process.env.ROUNDS ?? 3);
  const sandbox = await createSandbox({ port: 0 });
  try {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? dists : [...dists].reverse();
      for (const dist of order) {
        const figures = await one(dist, round, sandbox);
        const load = loadavg().map((value) => Math.round(value * 100) / 100);
        console.log(JSON.stringify({ round, dist, load, ...figures }));
      }
    }
  } finally {
    await sandbox.close();
  }
}
