/**
 * Raw CDP plumbing for reaching Chrome DevTools itself (the `devtools://devtools/...` frontend) and
 * the extension panel iframe it hosts, through Playwright: the e2e test that checks the panel inside
 * real DevTools, and `npm start`, which opens DevTools on the Partner API panel.
 *
 * Why raw CDP: Playwright deliberately hides DevTools frontend targets and never models the
 * out-of-process iframe DevTools creates for an extension panel, so neither is ever a Page, Frame
 * or Worker. A persistent context (which extensions need) has no Browser object either
 * (`context.browser()` is null), so there is no browser-level CDP session. A page-level CDPSession
 * does work: `Target.getTargets` on it lists every target of the browser and `Target.attachToTarget`
 * attaches to any of them. Playwright's CDPSession cannot address flattened child sessions (`send`
 * takes no session id), so children are attached with `flatten: false` and spoken to through
 * `Target.sendMessageToTarget` / `Target.receivedMessageFromTarget`.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface ChildMessage {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

interface EvaluateResult {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

const CALL_TIMEOUT_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` until it returns something other than `undefined` (a thrown error counts as "not
 * yet"), or fails after `timeoutMs` with `what` and the last error in the message.
 */
export async function poll<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(100);
  }
}

/** One attached target (DevTools frontend, extension iframe, ...), non-flattened. */
export class ChildTarget {
  constructor(
    private readonly hub: TargetHub,
    readonly info: TargetInfo,
    readonly sessionId: string,
  ) {}

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.hub.sendToChild(this.sessionId, method, params) as Promise<T>;
  }

  /** Evaluates `expression` (promises awaited, result returned by value); throws on exceptions. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.send<EvaluateResult>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (reply.exceptionDetails) {
      const { text, exception } = reply.exceptionDetails;
      throw new Error(`evaluate in ${this.info.url} threw: ${exception?.description ?? text}`);
    }
    return reply.result.value as T;
  }
}

/** Every target of the browser, reached through one page-level CDP session. */
export class TargetHub {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly session: CDPSession) {
    session.on('Target.receivedMessageFromTarget', ({ message }) => {
      const reply = JSON.parse(message) as ChildMessage;
      if (reply.id === undefined) return; // an event from the child; nobody here listens to them
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error) waiter.reject(new Error(reply.error.message));
      else waiter.resolve(reply.result);
    });
  }

  static async open(context: BrowserContext, page: Page): Promise<TargetHub> {
    return new TargetHub(await context.newCDPSession(page));
  }

  async targets(): Promise<TargetInfo[]> {
    const { targetInfos } = await this.session.send('Target.getTargets');
    return targetInfos;
  }

  /** Waits for a target matching `predicate`, then attaches to it. */
  async attachWhen(
    what: string,
    predicate: (target: TargetInfo) => boolean,
    timeoutMs = 10_000,
  ): Promise<ChildTarget> {
    const info = await poll(what, async () => (await this.targets()).find(predicate), timeoutMs);
    const { sessionId } = await this.session.send('Target.attachToTarget', {
      targetId: info.targetId,
      flatten: false,
    });
    return new ChildTarget(this, info, sessionId);
  }

  sendToChild(sessionId: string, method: string, params: Record<string, unknown>) {
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`${method} got no answer within ${CALL_TIMEOUT_MS} ms`)),
        CALL_TIMEOUT_MS,
      );
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: fail,
      });
      this.session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch(fail);
    });
  }

  async dispose(): Promise<void> {
    await this.session.detach().catch(() => {});
  }
}

export const isDevToolsFrontend = (target: TargetInfo) =>
  target.url.startsWith('devtools://devtools/');

/**
 * Makes DevTools select the panel titled `title` and returns its panel id. This uses DevTools'
 * own (internal, unversioned) modules: `InspectorView.showPanel(id)` is what DevTools itself
 * calls when an extension asks for `panel.show()`, and selecting the panel is what makes DevTools
 * load an extension panel's iframe. Extension panel ids are `<extension origin><title without
 * whitespace>`, e.g. `chrome-extension://abc…PartnerAPI`; the id is looked up by title here so
 * the test does not depend on that format.
 */
export async function showDevToolsPanel(
  frontend: ChildTarget,
  title: string,
  timeoutMs = 10_000,
): Promise<string> {
  const findAndShow = `(async () => {
    const UI = await import('./ui/legacy/legacy.js');
    const inspectorView = UI.InspectorView.InspectorView.maybeGetInspectorViewInstance();
    const tab = inspectorView?.tabbedPane.tabs.find((t) => t.title === ${JSON.stringify(title)});
    if (!tab) return undefined;
    await inspectorView.showPanel(tab.id);
    return inspectorView.tabbedPane.selectedTabId === tab.id ? tab.id : undefined;
  })()`;
  return poll(
    `DevTools to show a panel titled "${title}"`,
    () => frontend.evaluate<string | undefined>(findAndShow),
    timeoutMs,
  );
}
