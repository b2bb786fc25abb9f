import { render } from 'preact';
import { currentTheme } from '../devtools/devtools-adapter';
import { App } from './App';
import './panel.css';

document.documentElement.dataset.theme = currentTheme();
const root = document.getElementById('app');
if (root !== null) render(<App />, root);
