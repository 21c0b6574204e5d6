// Browser entry: theme first (no flash of the wrong theme), then the app under the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { applyStoredTheme } from './theme/theme';
import './styles.css';

applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks <div id="root">');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
