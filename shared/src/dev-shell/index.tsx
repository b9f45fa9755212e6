import {
  StrictMode,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { Link } from '@sso/shared/navigation';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi, loginWithNik, toApiError } from '@sso/shared/api';
import { appPaths, type RemoteDescriptor, type RouteRequirement } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { createQueryClient } from '@sso/shared/query';
import { accessOf, clearSession, useSession, writeSession } from '@sso/shared/session';
import {
  Button,
  ConfirmDialogHost,
  PasswordField,
  Spinner,
  StatePanel,
  TextField,
  Toaster,
} from '@sso/shared/ui';

type PageModule = () => Promise<{ default: ComponentType }>;

export interface StandaloneOptions {
  descriptor: RemoteDescriptor;
  /** The remote's exposes map (module name → file from the package folder, `./src/...`). */
  exposes: Record<string, string>;
  /** Lazy loaders of the page files, keyed by path from `src/`: the remote's `import.meta.glob`. */
  pages: Record<string, PageModule>;
  /** Defaults to the local api of DESIGN's ports. */
  apiBaseUrl?: string;
}

function DevLogin({ apiBaseUrl }: { apiBaseUrl: string }) {
  const [nik, setNik] = useState('100001');
  const [password, setPassword] = useState('admin123');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      writeSession(await loginWithNik(nik, password));
    } catch (e) {
      const failure = toApiError(e);
      // The one failure a developer can fix from here: say how to start the api.
      setError(
        failure.kind === 'network'
          ? `Api ${apiBaseUrl} tidak menjawab. Jalankan "pnpm --filter @sso/api dev", atau mulai remote ini dengan "pnpm dev" di foldernya: api ikut dijalankan.`
          : failure.message,
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      style={{ maxWidth: 320, margin: '48px auto', display: 'grid', gap: 12 }}
    >
      <h1>Dev shell: masuk</h1>
      <TextField label="NIK" value={nik} onChange={(e) => setNik(e.target.value)} />
      <PasswordField label="Password" value={password} onChange={(e) => setPassword(e.target.value)} />
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit" loading={busy}>
        Masuk
      </Button>
    </form>
  );
}

function DevFrame({ descriptor, children }: { descriptor: RemoteDescriptor; children: ReactNode }) {
  const session = useSession();
  return (
    <div style={{ padding: 24 }}>
      <nav style={{ display: 'flex', gap: 16, marginBottom: 16, alignItems: 'center' }}>
        <strong>Dev shell · {descriptor.name}</strong>
        {descriptor.routes
          .filter((r) => !r.path.includes(':'))
          .map((r) => (
            <Link key={r.path} to={r.path}>
              {r.path}
            </Link>
          ))}
        {session ? (
          <Button variant="secondary" onClick={clearSession}>
            Logout
          </Button>
        ) : null}
      </nav>
      {children}
    </div>
  );
}

/** As in the host: a session, then the route's menu grant (else the no-access text). */
function Protected({
  apiBaseUrl,
  requires,
  children,
}: {
  apiBaseUrl: string;
  requires: RouteRequirement | undefined;
  children: ReactNode;
}) {
  const session = useSession();
  if (!session) return <DevLogin apiBaseUrl={apiBaseUrl} />;
  if (requires && !accessOf(session, requires.menu).can(requires.capability)) {
    return <StatePanel title={t.access.noAccessTitle} body={t.access.noAccessBody} />;
  }
  return <>{children}</>;
}

/**
 * A thin shell to develop one remote alone (`pnpm --filter remote-users dev`): the remote's own
 * routes, the shared QueryClient, toasts and dialogs, and a dev login against the local api.
 */
export function mountStandalone({
  descriptor,
  exposes,
  pages,
  apiBaseUrl = 'http://localhost:4000',
}: StandaloneOptions) {
  configureApi(apiBaseUrl);
  const queryClient = createQueryClient();
  const routes = descriptor.routes.map((route) => {
    const file = exposes[route.module];
    const load = file ? pages[file.replace(/^\.\/src\//, './')] : undefined;
    const Page = load ? lazy(load) : () => <p>Modul {route.module} tidak ada.</p>;
    const page = (
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Page />
      </Suspense>
    );
    return {
      path: route.path,
      element:
        route.access === 'protected' ? (
          <Protected apiBaseUrl={apiBaseUrl} requires={route.requires}>
            {page}
          </Protected>
        ) : (
          page
        ),
    };
  });
  const first = descriptor.routes.find((r) => !r.path.includes(':'))?.path ?? '/';
  const table: RouteObject[] = [
    {
      element: (
        <DevFrame descriptor={descriptor}>
          <Outlet />
        </DevFrame>
      ),
      children: [
        ...routes,
        { path: appPaths.home, element: <p>Home (host)</p> },
        { path: '*', element: <Navigate to={first} replace /> },
      ],
    },
  ];
  // The host's kind of router: declarative, blocking through the navigation facade.
  const Routes = () => useRoutes(table);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
        <Toaster />
        <ConfirmDialogHost />
      </QueryClientProvider>
    </StrictMode>,
  );
}
