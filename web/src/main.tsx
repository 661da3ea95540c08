import '@/app/mantine-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { i18nReady } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// English is bundled; a visitor whose language is another one waits for that language's chunk (one small
// request) so that the first paint is already in their language.
// The first render is a transition, so React renders it in slices instead of one long task; index.html's
// static loading indicator shows until it commits.
void i18nReady.then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
