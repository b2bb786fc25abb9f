/**
 * Bodies that are not JSON: an image is shown as an image, an HTML page as text with a preview
 * in a sandboxed frame where its script does not run, and a cut body says so with its full size.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { createApiKeyProfile, saveEditedProfile } from './profiles';
import { responseTab } from './workbench';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGP4z8DwHwyBNAMDAwMDAwA9/gX7pD3YagAAAABJRU5ErkJggg==',
  'base64',
);
const HTML =
  '<!doctype html><title>Gateway page</title><h1>Hello</h1><script>document.title = "ran"; parent.postMessage("ran", "*")</script>';

test('images, HTML and cut bodies are shown for what they are', async ({ panel, sandbox }) => {
  // A loopback server standing in for an API that answers with an image and an HTML page.
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/v1/logo')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    } else {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(HTML);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'Other API', baseUrl: base });
    const response = panel.getByRole('region', { name: 'Response', exact: true });

    await panel.getByRole('textbox', { name: 'Path' }).fill('logo.png');
    await panel.getByRole('button', { name: 'Send' }).click();
    const image = response.getByRole('img', { name: /image\/png/ });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    await panel.getByRole('textbox', { name: 'Path' }).fill('page');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response).toContainText(/(?<!\d)502(?!\d)/);
    // An error answer opens on its explanation; the page itself is in the Body tab.
    await expect(response.getByRole('alert')).toContainText('Gateway page');
    await responseTab(panel, 'Body');
    await expect(response.getByRole('region', { name: 'Body' })).toContainText('<h1>Hello</h1>');
    const messages: string[] = [];
    await panel.exposeFunction('recordMessage', (data: string) => messages.push(data));
    await panel.evaluate(() =>
      window.addEventListener('message', (event) =>
        (window as unknown as { recordMessage(d: string): void }).recordMessage(String(event.data)),
      ),
    );
    await response.getByRole('button', { name: 'Preview HTML (scripts disabled)' }).click();
    const frame = response.frameLocator('iframe[title="HTML preview"]');
    await expect(frame.getByRole('heading', { name: 'Hello' })).toBeVisible();
    await panel.waitForTimeout(300);
    expect(messages).toEqual([]); // the page's script never ran

    // A body over the cap: the sandbox answers 17 MB, the panel keeps 16 MB and says so.
    await panel.getByRole('button', { name: 'Edit profile' }).click();
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(sandbox.url);
    // Another origin: the saved key goes along only when the user says so.
    await panel
      .getByRole('checkbox', { name: 'Send the saved API key to the new address' })
      .check();
    await saveEditedProfile(panel);
    sandbox.switches.largeBodyBytes = 17 * 1024 * 1024;
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(
      response.getByRole('status').filter({ hasText: 'larger than the panel keeps' }),
    ).toContainText('17.0 MB');
  } finally {
    server.close();
  }
});
