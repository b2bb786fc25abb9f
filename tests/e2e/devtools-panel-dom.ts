/**
 * Driving the panel inside real DevTools, where Playwright cannot reach (scripts/devtools-cdp.ts
 * says why): the panel's iframe is found through CDP targets and spoken to with Runtime.evaluate.
 * Controls are found as a user names them (aria-label, label, a tree row's name), as the other
 * specs do with getByRole. What the panel does on a click is the same code either way; only
 * pickers and prompts need a real click, and those open in tabs, which Playwright drives.
 */
import {
  type ChildTarget,
  isDevToolsFrontend,
  poll,
  showDevToolsPanel,
  type TargetHub,
} from '../../scripts/devtools-cdp';

type Role = 'button' | 'treeitem' | 'region' | 'status' | 'alert' | 'tree' | 'list';

/** In the panel's document: finding an element by role and accessible name. */
const FIND = `
  const norm = (text) => (text ?? '').replace(/\\s+/g, ' ').trim();
  const nameOf = (el) => {
    if (el.hasAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    const row = el.querySelector(':scope > .tree-name');
    if (row) return norm(row.textContent);
    return norm(el.textContent);
  };
  const SELECTORS = {
    button: 'button, [role=button], [role=menuitem]',
    treeitem: '[role=treeitem]',
    region: 'section[aria-label], [role=region]',
    status: '[role=status]',
    alert: '[role=alert]',
    tree: '[role=tree]',
    list: 'ul, ol, [role=list]',
  };
  const find = (role, name, within = document) =>
    [...within.querySelectorAll(SELECTORS[role])].find((el) => nameOf(el) === name) ?? null;
`;

export class DevToolsPanel {
  constructor(readonly frame: ChildTarget) {}

  /**
   * Runs `body` in the panel, its sidebar shown first: in a DevTools pane too narrow for both,
   * the sidebar lies over the composer and gives way when a request opens.
   */
  private run<T>(body: string): Promise<T> {
    return this.frame.evaluate<T>(`(async () => { ${FIND}
      const toggle = find('button', 'Show sidebar');
      if (toggle) {
        toggle.click();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      ${body} })()`);
  }

  /** Clicks the control, throwing when it is not there (yet): callers poll or expect it. */
  async click(role: Role, name: string, within?: { role: Role; name: string }): Promise<void> {
    const args = JSON.stringify([role, name, within ?? null]);
    await poll(`${role} "${name}" in the panel`, () =>
      this.run<boolean | undefined>(`
        const [role, name, within] = ${args};
        const scope = within === null ? document : find(within.role, within.name);
        const target = scope && find(role, name, scope);
        if (!target) return undefined;
        target.click();
        return true;`),
    );
  }

  /** The text of the element, or null when there is none. */
  text(role: Role, name: string): Promise<string | null> {
    return this.run(`const el = find(${JSON.stringify(role)}, ${JSON.stringify(name)});
      return el ? norm(el.textContent) : null;`);
  }

  /** What the panel shows, as text (for a failure's message), cut to `max` characters. */
  shows(max = 1500): Promise<string> {
    return this.frame.evaluate<string>(
      `(document.body?.innerText ?? '').replace(/\\s+/g, ' ').trim().slice(0, ${max})`,
    );
  }

  /** The names of a tree's rows. */
  rows(tree: string): Promise<string[]> {
    return this.run(`const el = find('tree', ${JSON.stringify(tree)});
      return el ? [...el.querySelectorAll('[role=treeitem]')].map(nameOf) : [];`);
  }

  /** Every row marked as the open request, as "tree/row". */
  openRows(): Promise<string[]> {
    return this.run(`return [...document.querySelectorAll('[role=treeitem][aria-selected=true]')]
      .map((row) => nameOf(row.closest('[role=tree]')) + '/' + nameOf(row));`);
  }

  /** The value of the input with this id (the composer's Path is `path`). */
  value(id: string): Promise<string | null> {
    return this.run(`return document.getElementById(${JSON.stringify(id)})?.value ?? null;`);
  }

  /** Types into the input with this id, as a user's input events would. */
  async fill(id: string, value: string): Promise<void> {
    await this.run(`const input = document.getElementById(${JSON.stringify(id)});
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(value)});
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return true;`);
  }
}

/**
 * Shows the Partner API panel in every DevTools window open (with --auto-open-devtools-for-tabs
 * each tab has one) and returns the panel of the one inspecting `inspectedUrl`. The windows are
 * asked all at once, not one after another: DevTools on a page extensions may not see (a new tab
 * page) has no Partner API panel, and waiting there in turn held the search for seconds.
 */
export async function panelInspecting(
  hub: TargetHub,
  panelUrl: string,
  inspectedUrl: string,
): Promise<DevToolsPanel> {
  const shown = new Set<string>();
  const checked = new Set<string>();
  return poll(
    `the Partner API panel in the DevTools of ${inspectedUrl}`,
    async () => {
      for (const target of await hub.targets()) {
        if (!isDevToolsFrontend(target) || shown.has(target.targetId)) continue;
        shown.add(target.targetId);
        void hub
          .attachWhen('a DevTools window', (t) => t.targetId === target.targetId)
          .then((frontend) => showDevToolsPanel(frontend, 'Partner API', 15_000))
          .catch(() => null);
      }
      for (const target of await hub.targets()) {
        if (target.url !== panelUrl || checked.has(target.targetId)) continue;
        const frame = await hub.attachWhen('a panel', (t) => t.targetId === target.targetId);
        const inspected = await frame.evaluate<string | null>(`new Promise((resolve) =>
          chrome.devtools.inspectedWindow.eval('location.href', (value, error) => resolve(error ? null : value)))`);
        if (inspected !== null) checked.add(target.targetId);
        if (inspected === inspectedUrl) return new DevToolsPanel(frame);
      }
      return undefined;
    },
    60_000,
  );
}
