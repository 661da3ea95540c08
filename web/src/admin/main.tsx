import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AdminProviders } from '@/admin/app/providers';
import { AdminRoutes } from '@/admin/app/routes';
import { AdminUpdate } from '@/admin/app/AdminUpdate';
import { startAdminI18n } from '@/admin/lib/i18n';
import { installErrorReporting } from '@/lib/error-reporting';
import { i18nReady } from '@/lib/i18n';

// Failed calls and uncaught errors go to the server's error intake from the very first call on.
installErrorReporting('admin');

// Which build this page runs, when the build was named (VITE_PITLANE_BUILD=NAME at build time; unnamed by
// default): for support, and for the release test, which serves a second build and checks it took over.
if (import.meta.env.VITE_PITLANE_BUILD) document.documentElement.dataset.build = import.meta.env.VITE_PITLANE_BUILD;

// The back office's entry (admin.html): its own providers and routes; nothing of the customer's pages.
const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

// The first paint waits for the language's texts (the shared ones, then the back office's).
void i18nReady
  .then(() => startAdminI18n())
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AdminProviders>
          {/* Declarative routing, as the customer app (src/app/App.tsx): their React Router code is shared. */}
          <BrowserRouter>
            {/* A new release: a notice, and a reload at the next section switch when nothing is unsaved. */}
            <AdminUpdate>
              <AdminRoutes />
            </AdminUpdate>
          </BrowserRouter>
        </AdminProviders>
      </StrictMode>,
    ),
  );
