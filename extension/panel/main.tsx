import { render } from 'preact';
import { currentTheme, onThemeChange } from '../devtools/devtools-adapter';
import { App } from './App';
import { createPanelStore, listenToWorker, StoreContext } from './state/store';
import './panel.css';

document.documentElement.dataset.theme = currentTheme();
onThemeChange((theme) => {
  document.documentElement.dataset.theme = theme;
});
const store = createPanelStore();
listenToWorker(store);
const root = document.getElementById('app');
if (root !== null) {
  render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
    root,
  );
}
