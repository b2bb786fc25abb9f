import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './cli';
import { CliUsageError, isLoopbackHost, parseCliArgs } from './cli-options';
import { createSandbox, DEMO_CREDENTIALS } from './server';

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return {
    lines,
    out: {
      log: (text: string) => lines.log.push(text),
      error: (text: string) => lines.error.push(text),
    },
  };
}

describe('parseCliArgs', () => {
  it('defaults to 127.0.0.1:8787 and no switches', () => {
    expect(parseCliArgs([], {})).toEqual({
      help: false,
      host: '127.0.0.1',
      port: 8787,
      switches: {},
    });
  });

  it('reads every switch flag', () => {
    const argv = [
      '--latency=250',
      '--token-lifetime',
      '60',
      '--server-error',
      '503',
      '--html-error',
      '--large-body',
      '10mb',
      '--short-token',
      '--string-numbers',
      '--reject-browser-origin',
    ];
    expect(parseCliArgs(argv, {}).switches).toEqual({
      latencyMs: 250,
      tokenLifetimeSeconds: 60,
      serverError: 503,
      htmlErrorPage: true,
      largeBodyBytes: 10 * 1024 * 1024,
      tokenForm: 'short',
      numbersAsStrings: true,
      rejectBrowserOrigin: true,
    });
  });

  it('takes host and port from the environment, flags first', () => {
    expect(parseCliArgs([], { SANDBOX_HOST: '::1', SANDBOX_PORT: '9000' })).toMatchObject({
      host: '::1',
      port: 9000,
    });
    expect(parseCliArgs(['--port', '0'], { SANDBOX_PORT: '9000' }).port).toBe(0);
  });

  it.each([
    [['--latency', 'soon'], '--latency must be a whole number of milliseconds, not "soon"'],
    [
      ['--latency', '99999999'],
      '--latency must be a whole number of milliseconds from 0 to 600000',
    ],
    [['--server-error', '404'], '--server-error must be an HTTP status from 500 to 599, not 404'],
    [['--large-body', 'huge'], '--large-body must be a size'],
    [['--token-lifetime=-1'], '--token-lifetime must be a whole number of seconds, not "-1"'],
    [['--token-lifetime', '-1'], "Option '--token-lifetime' argument is ambiguous"],
    [['--port', '70000'], '--port must be a port number from 0 to 65535'],
    [['--colour'], "Unknown option '--colour'"],
    [['--latency'], "Option '--latency <value>' argument missing"],
    [['--html-error=yes'], "Option '--html-error' does not take an argument"],
    [['--reject-browser-origin=no'], "Option '--reject-browser-origin' does not take an argument"],
    [['extra'], "Unexpected argument 'extra'"],
  ])('refuses %j with a message that says what to do', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(CliUsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it('refuses a bad SANDBOX_PORT by its name', () => {
    expect(() => parseCliArgs([], { SANDBOX_PORT: 'eighty' })).toThrow(
      'SANDBOX_PORT must be a port number',
    );
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(['0.0.0.0', '192.168.1.10', '::', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('main', () => {
  it('exits 2 with the reason for a bad flag, and starts nothing', async () => {
    const { lines, out } = capture();
    const result = await main(['--latency', 'x'], {}, out);
    expect(result).toEqual({ exitCode: 2 });
    expect(lines.error.join('\n')).toContain('Run with --help');
  });

  it('prints help and exits 0', async () => {
    const { lines, out } = capture();
    expect(await main(['--help'], {}, out)).toEqual({ exitCode: 0 });
    expect(lines.log.join('\n')).toContain('--large-body <size>');
    expect(lines.log.join('\n')).toMatch(
      /--reject-browser-origin\s+refuse every token and \/v1 call that carries an Origin header/,
    );
  });

  it('says to use --port when the port is in use', async () => {
    const taken = await createSandbox({ port: 0 });
    try {
      const { lines, out } = capture();
      const result = await main(['--port', String(taken.port)], {}, out);
      expect(result).toEqual({ exitCode: 1 });
      expect(lines.error.join('\n')).toContain(`Port ${taken.port} on 127.0.0.1 is already in use`);
      expect(lines.error.join('\n')).toContain('--port');
    } finally {
      await taken.close();
    }
  });

  it('starts the sandbox and prints URLs, credentials, switches and how to stop', async () => {
    const { lines, out } = capture();
    const result = await main(['--port', '0', '--latency', '5'], {}, out);
    try {
      expect(result.sandbox?.switches.latencyMs).toBe(5);
      const banner = lines.log.join('\n');
      for (const value of Object.values(DEMO_CREDENTIALS)) expect(banner).toContain(value);
      expect(banner).toContain(`Auth URL        ${result.sandbox?.url}`);
      expect(banner).toContain(`Base URL        ${result.sandbox?.url}`);
      expect(banner).toMatch(/latencyMs\s+5/);
      expect(banner).toContain(`curl -X POST ${result.sandbox?.url}/__sandbox/switches`);
      expect(lines.error).toEqual([]);
    } finally {
      await result.sandbox?.close();
    }
  });

  it('warns when listening beyond loopback', async () => {
    const { lines, out } = capture();
    const result = await main(['--host', '0.0.0.0', '--port', '0'], {}, out);
    await result.sandbox?.close();
    expect(lines.error.join('\n')).toContain('Other machines on the network can reach the sandbox');
  });
});

describe('cli.ts run as a program', () => {
  it('starts, prints the banner, and stops cleanly on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // Once: a second SIGTERM would find no listener left and kill the process outright.
      if (!stopping && output.includes('Press Ctrl+C to stop')) {
        stopping = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(output).toContain('Partner API sandbox running at http://127.0.0.1:');
    expect(output).toContain('Stopping the sandbox.');
    expect(code).toBe(0);
  });
});
