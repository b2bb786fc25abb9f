/**
 * Test support (Node only, never bundled): runs an exported collection with newman's programmatic
 * API, quietly, and reduces the summary to what the tests look at: each request an item sent with
 * its status and parsed JSON answer, and the failures newman would make `newman run` exit 1 for.
 * newman ships no type declarations, hence the narrow local view of its API below.
 */
import { createRequire } from 'node:module';

interface NewmanExecution {
  item?: { name?: string };
  request?: { method?: string; url?: { getPath?: () => string } };
  response?: { code?: number; stream?: Uint8Array };
}

interface NewmanFailure {
  error?: { name?: string; message?: string; test?: string };
  at?: string;
  source?: { name?: string };
}

interface NewmanSummary {
  run: { executions: NewmanExecution[]; failures: NewmanFailure[] };
}

interface NewmanRunOptions {
  collection: unknown;
  envVar: { key: string; value: string }[];
  reporters: string[];
  timeoutRequest: number;
}

interface Newman {
  run(options: NewmanRunOptions, done: (error: Error | null, summary: NewmanSummary) => void): void;
}

const newman = createRequire(import.meta.url)('newman') as Newman;

export interface SentRequest {
  item: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface NewmanOutcome {
  /** Calls to `/v1`, in order; the token script's own requests are left out. */
  sent: SentRequest[];
  failures: { at: string; item: string; message: string }[];
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (bytes === undefined) return null;
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // the test shows what came back when it was not JSON
  }
}

export function runNewman(
  collection: unknown,
  variables: Record<string, string>,
): Promise<NewmanOutcome> {
  const envVar = Object.entries(variables).map(([key, value]) => ({ key, value }));
  return new Promise((resolve, reject) => {
    newman.run({ collection, envVar, reporters: [], timeoutRequest: 10_000 }, (error, summary) => {
      if (error !== null) {
        reject(error);
        return;
      }
      const sent: SentRequest[] = [];
      // newman pushes one execution object per request event, and the token script's request
      // shares its item's object: the same object appears twice, holding the item's own call.
      for (const execution of new Set(summary.run.executions)) {
        const path = execution.request?.url?.getPath?.() ?? '';
        if (!path.startsWith('/v1/')) continue;
        sent.push({
          item: execution.item?.name ?? '',
          method: execution.request?.method ?? '',
          path,
          status: execution.response?.code ?? 0,
          body: parseJson(execution.response?.stream),
        });
      }
      const failures = summary.run.failures.map((failure) => ({
        at: failure.at ?? '',
        item: failure.source?.name ?? '',
        message: failure.error?.message ?? '',
      }));
      resolve({ sent, failures });
    });
  });
}
