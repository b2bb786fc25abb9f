/** The DevTools page: it only registers the "Partner API" panel. */
import { registerPanel } from './devtools-adapter';

registerPanel('Partner API', 'icons/icon-32.png', 'extension/panel/panel.html');
