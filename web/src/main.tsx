import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n from '@/locales'; // initialise i18n before the first render
import App from './App';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// A Chinese language's texts are a chunk loaded on demand: render once they are in, so the first
// screen is never English for a moment (a failed load falls back to English rather than staying blank).
void i18n.loadLanguages(i18n.language).finally(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
