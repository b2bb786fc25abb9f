/**
 * The DevTools page: it only registers the "Partner API" panel. The paths start at the extension's
 * root: Chrome reads a bare path from there, Firefox from the DevTools page's own folder (it
 * opened extension/devtools/extension/panel/panel.html, a page that does not exist).
 */
import { registerPanel } from './devtools-adapter';

registerPanel('Partner API', '/icons/icon-32.png', '/extension/panel/panel.html');
