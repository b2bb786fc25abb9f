import { render } from 'preact';
import { currentTheme, onThemeChange } from '../devtools/devtools-theme';
import { App } from './App';
import { listenToWorker, wakeWorkerOnIntent } from './state/worker-client';
import { store } from './state/workspace';
import './panel.css';

document.documentElement.dataset.theme = currentTheme();
onThemeChange((theme) => {
  document.documentElement.dataset.theme = theme;
});
listenToWorker(store);
wakeWorkerOnIntent(document);
const root = document.getElementById('app');
if (root !== null) render(<App />, root);
