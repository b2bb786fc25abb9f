/**
 * `npm start` on a machine without a display (like CI): it must still build the extension, start
 * the sandbox, print the demo credentials and explain how to load dist/ by hand, then stop cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'partner-api-start-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
});

function waitForOutput(process: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${marker}" within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    process.stdout?.on('data', onData);
    process.stderr?.on('data', onData);
    process.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${marker}":\n${output}`));
    });
  });
}

describe('npm start without a display', () => {
  it('builds, runs the sandbox, prints credentials and manual-load steps, and stops on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PARTNER_API_OUT_DIR: outDir };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts', '--port', '0'], {
      cwd: ROOT,
      env,
    });
    const output = await waitForOutput(child, 'Press Ctrl+C to stop', 60_000);

    expect(output).toContain('No display is available');
    expect(output).toContain('Load unpacked');
    expect(output).toContain(outDir);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(true);
    const url = /sandbox running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    const apiKey = /API key\s+(\S+)/.exec(output)?.[1];
    const companyId = /Company ID\s+(\S+)/.exec(output)?.[1];
    expect(url && apiKey && companyId).toBeTruthy();

    const answer = await fetch(`${url}/v1/ping`, {
      headers: {
        'x-apikey': apiKey ?? '',
        companyId: companyId ?? '',
        'content-type': 'application/json',
      },
    });
    expect(answer.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});
