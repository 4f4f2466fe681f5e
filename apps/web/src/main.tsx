// Must come first: Arco renders Message, Modal and Notification through the createRoot this registers.
import '@arco-design/web-react/es/_util/react-19-adapter';
// Arco's base (reset, tokens, both themes); each component's styles come with the modules that use
// it (vite.config.ts, arcoStyles).
import '@arco-design/web-react/es/style/index.css';
import './app/layout/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/routing/router.tsx';
import { startSettings } from './shared/settings/settings-store.ts';
// Registers the 'Re-Login' action of the request layer.
import './shared/session/session.ts';

// Theme, theme colour and colour-weak mode apply before the first paint (spec §4: also at start-up).
startSettings();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
