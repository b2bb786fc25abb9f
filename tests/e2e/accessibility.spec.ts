/**
 * An accessibility scan with axe-core (every rule, the experimental ones too, such as
 * label-content-name-mismatch) of the panel in the states users spend their day in: empty, an
 * answer, a token, an error explained, a collection with its tree and menu; in light and dark
 * (in dark, the rules colours decide: the themes differ only in colours). No serious or critical
 * violation is allowed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { openCollectionActions, responseTab } from './workbench';

/** Evaluated through the DevTools protocol, which the panel's CSP (script-src 'self') allows. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The rules a theme can change the verdict of: the themes differ only in colour variables
 * (panel.css), so every other rule reads the same page in both.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** One axe run: every rule, or only `only`, after setting `theme` (left as it is when unset). */
interface AxeRun {
  theme?: 'light' | 'dark';
  only?: string[];
}

/**
 * The violations of each run, in order, all in one evaluation (a round trip to the page per run
 * and per theme change cost a second and a half of the test); null while axe is not loaded.
 */
function runAxe(runs: AxeRun[]): Promise<Violation[][] | null> {
  const axe = (
    window as unknown as {
      axe?: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
    }
  ).axe;
  if (axe === undefined) return Promise.resolve(null);
  return (async () => {
    const found: Violation[][] = [];
    for (const { theme, only } of runs) {
      if (theme !== undefined) document.documentElement.dataset.theme = theme;
      const result = await axe.run(document, {
        ...(only === undefined
          ? { rules: { 'label-content-name-mismatch': { enabled: true } } }
          : { runOnly: { type: 'rule', values: only } }),
        resultTypes: ['violations'],
      });
      found.push(result.violations as Violation[]);
    }
    return found;
  })();
}

/** Serious and critical violations of each run, named `state` and the run's theme. */
async function seriousViolations(panel: Page, state: string, runs: AxeRun[]): Promise<string[]> {
  let results = await panel.evaluate(runAxe, runs);
  if (results === null) {
    await panel.evaluate(AXE_SOURCE);
    results = await panel.evaluate(runAxe, runs);
  }
  return (results ?? []).flatMap((violations, index) => {
    const theme = runs[index]?.theme;
    const named = theme === undefined ? state : `${state}, ${theme}`;
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${named}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
            .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
            .join(' | ')}`,
      );
  });
}

/** Every rule in light; in dark, the rules the colours decide (the rest saw the same page). */
async function scanBothThemes(panel: Page, state: string, found: string[]) {
  found.push(
    ...(await seriousViolations(panel, state, [
      { theme: 'light' },
      { theme: 'dark', only: COLOUR_RULES },
    ])),
  );
}

test('no serious or critical axe violation, empty or at work, in light and dark', async ({
  panel,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
  // A control: the scan must see a nameless button and a visible label missing from a name.
  await panel.evaluate(() => {
    const probe = document.createElement('div');
    probe.id = 'axe-probe';
    probe.style.cssText = 'position: fixed; top: 0; left: 0; z-index: 99; background: #fff';
    probe.innerHTML =
      '<button type="button"></button><button type="button" aria-label="Remove row">Delete</button>';
    document.body.append(probe);
  });
  const caught = await seriousViolations(panel, 'probe', [{}]);
  expect(caught.join('\n')).toContain('button-name');
  expect(caught.join('\n')).toContain('label-content-name-mismatch');
  await panel.evaluate(() => document.getElementById('axe-probe')?.remove());
  await scanBothThemes(panel, 'first run', found);

  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await scanBothThemes(panel, 'empty workbench', found);
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(response.getByRole('tree', { name: 'Body (JSON)' })).toBeVisible();
  await scanBothThemes(panel, 'a JSON answer', found);

  // A collection in the tree, its actions open and a row's menu showing.
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Shop');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await openCollectionActions(panel, 'Shop');
  await panel.getByRole('treeitem', { name: 'List products' }).click();
  await scanBothThemes(panel, 'a collection', found);
  await panel.getByRole('treeitem', { name: 'List products' }).click({ button: 'right' });
  await expect(panel.getByRole('menu')).toBeVisible();
  await scanBothThemes(panel, 'a row menu', found);
  await panel.keyboard.press('Escape');

  // Export for Bruno's question (a checkbox per profile), then the line naming the file saved.
  await openCollectionActions(panel, 'Shop');
  await panel.getByRole('button', { name: 'Export for Bruno Shop' }).click();
  const ask = panel.getByRole('dialog', { name: 'Export “Shop” for Bruno' });
  await expect(ask.getByRole('checkbox', { name: 'Sandbox' })).toBeChecked();
  await scanBothThemes(panel, 'the Export for Bruno dialog', found);
  await ask.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved “Shop.zip”' })).toBeVisible();
  await scanBothThemes(panel, 'an export saved', found);

  // An error answer with its explanation.
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/none');
  sandbox.switches.htmlErrorPage = true;
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response).toContainText(/(?<!\d)502(?!\d)/);
  await expect(response.getByRole('alert')).toBeVisible();
  await scanBothThemes(panel, 'an error explained', found);
  sandbox.switches.htmlErrorPage = false;
  await responseTab(panel, 'Sent');
  await scanBothThemes(panel, 'the request as sent', found);

  // A token, and a failed token request.
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    companyId,
    clientId,
    clientSecret,
  });
  await panel.getByRole('button', { name: 'Get token' }).click();
  await expect(panel.getByRole('region', { name: 'Token', exact: true })).toContainText('approved');
  await scanBothThemes(panel, 'a token', found);
  sandbox.switches.htmlErrorPage = true;
  await panel.getByRole('button', { name: 'Get token' }).click();
  await expect(panel.getByRole('heading', { name: 'Token request failed' })).toBeVisible();
  await scanBothThemes(panel, 'a failed token request', found);
  sandbox.switches.htmlErrorPage = false;

  // The narrow panel, docked right, with its sidebar open over the panes.
  await panel.setViewportSize({ width: 480, height: 900 });
  await panel.getByRole('button', { name: 'Show sidebar' }).click();
  await scanBothThemes(panel, 'docked right, sidebar open', found);

  expect(found).toEqual([]);
});
