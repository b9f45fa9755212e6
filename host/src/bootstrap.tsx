import { createRoot } from 'react-dom/client';
import { setRuntimeConfig } from '@sso/shared/federation';
import { setProductName } from '@sso/shared/i18n';
import { readSession } from '@sso/shared/session';
import { App } from './app';
import './federation/provide-shared';
import { loadConfig } from './config/load-config';
import { FIRST_RENDER_WAIT_MS, RemoteStates } from './federation/remote-states';
import { prefetchPageAt, preloadShellFor, publicPageReady } from './routing/build-routes';
import { dropPrerenderedScreen } from './routing/prerendered-screen';

async function start(root: HTMLElement): Promise<void> {
  const reactRoot = createRoot(root);
  const signedIn = readSession() !== null;
  preloadShellFor(window.location.pathname, signedIn);
  // A signed-in visitor is sent on from the sign-in screens: the painted one is not for them.
  if (signedIn) dropPrerenderedScreen();
  try {
    const config = await loadConfig();
    // The api client reads its origin from here on its first request (it is not loaded yet).
    setRuntimeConfig(config);
    setProductName(config.productName);
    // Every manifest is read at once; the first render waits for them only so long (a hung remote
    // must not hold back /login or the other remotes): one still unanswered joins when it answers.
    const remotes = new RemoteStates(config.remotes);
    remotes.refresh(config.remotes);
    // A public page (the login form) renders once its own remote is read.
    await remotes.settled(FIRST_RENDER_WAIT_MS, (states) =>
      publicPageReady(states, window.location.pathname),
    );
    prefetchPageAt(remotes.snapshot(), window.location.pathname);
    reactRoot.render(<App remotes={remotes} />);
  } catch (error) {
    console.error('[host] start failed', error);
    dropPrerenderedScreen();
    reactRoot.render(
      <main style={{ padding: 32, fontFamily: 'system-ui' }} role="alert">
        <h1>Aplikasi tidak dapat dimulai</h1>
        <p>Konfigurasi panel tidak dapat dibaca. Silakan muat ulang halaman atau hubungi admin.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Muat ulang
        </button>
      </main>,
    );
  }
}

export function startApp(): void {
  const root = document.getElementById('root');
  if (root) void start(root);
}
