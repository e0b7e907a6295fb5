import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import {
  approvalPolicyFromSearch,
  createDevWallet,
  createLocalStorageKeyStore,
  registerDevWallet,
} from './devwallet';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The dev wallet registers like a browser extension; `?wallet=auto-approve|auto-reject|prompt`
// sets how it answers.
const devWallet = registerDevWallet({
  wallet: createDevWallet({
    keyStore: createLocalStorageKeyStore(),
    policy: approvalPolicyFromSearch({ search: window.location.search }),
  }),
});

createRoot(root).render(
  <StrictMode>
    <AppProviders devWallet={devWallet}>
      <App />
    </AppProviders>
  </StrictMode>,
);
