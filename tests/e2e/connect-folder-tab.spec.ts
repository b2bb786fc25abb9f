/**
 * The Connect folder tab when the browser refuses its folder picker: said in plain words, with
 * what to do, never the browser's own "Failed to execute 'showDirectoryPicker'". (Closing the
 * picker or answering Don't Allow is tested with the real picker: folder-real-picker.spec.ts.)
 */
import { expect, test } from './fixtures';

// Recording a trace gives the page a user activation, which this test must not have.
test.use({ trace: 'off' });

test('the Connect folder tab says in plain words what to do when the browser refuses the picker without a click', async ({
  context,
  extensionId,
}) => {
  const tab = await context.newPage();
  await tab.goto(
    `chrome-extension://${extensionId}/extension/connect-folder/connect-folder.html?collection=c1&name=Team`,
  );
  // A click from a script carries no user activation (Playwright's evaluate would lend it one;
  // a plain CDP evaluate does not), so the real picker refuses to open.
  const session = await context.newCDPSession(tab);
  await session.send('Runtime.evaluate', {
    expression: "document.getElementById('choose').click()",
  });
  await expect(tab.getByRole('alert')).toHaveText(
    'The browser asks for a folder only right after a click on this page: click “Choose folder for Team” again.',
  );
  await expect(tab.getByRole('alert')).not.toContainText('showDirectoryPicker');
});
