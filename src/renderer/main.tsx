import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shared styles first: a feature's own styles (imported by its components) come after them.
import './styles/base.css';
import './styles/views.css';
import './styles/pages.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
