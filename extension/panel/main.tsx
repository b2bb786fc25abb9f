import { render } from 'preact';
import { currentTheme, onThemeChange } from '../devtools/devtools-adapter';
import { App } from './App';
import './panel.css';

document.documentElement.dataset.theme = currentTheme();
onThemeChange((theme) => {
  document.documentElement.dataset.theme = theme;
});
const root = document.getElementById('app');
if (root !== null) render(<App />, root);
