import { useLayoutEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Link, useBlocker, useNavigate, type Blocker } from './index';

const seen: { blocker: Blocker | null } = { blocker: null };

/** A page that blocks leaving its path while `dirty`, with a link and a button that navigate. */
function Form({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useLayoutEffect(() => {
    seen.blocker = blocker;
  });
  const navigate = useNavigate();
  return (
    <>
      <p>blocker: {blocker.state}</p>
      <Link to="/list">Ke daftar</Link>
      <Link to="/form?tab=2">Tab lain</Link>
      <button type="button" onClick={() => void navigate('/list')}>
        Batal
      </button>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function app(dirty: boolean) {
  return (
    <>
      <Where />
      <Routes>
        <Route path="/form" element={<Form dirty={dirty} />} />
        <Route
          path="/list"
          element={
            <p>
              Daftar <Link to="/form">Isi form</Link>
            </p>
          }
        />
      </Routes>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  seen.blocker = null;
});

describe('navigation facade blocking (declarative router)', () => {
  it('a link leaves at once when nothing blocks', async () => {
    render(<MemoryRouter initialEntries={['/form']}>{app(false)}</MemoryRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'Ke daftar' }));
    expect(where()).toBe('/list');
  });

  it('a blocked link stays until proceed; reset keeps the page', async () => {
    render(<MemoryRouter initialEntries={['/form']}>{app(true)}</MemoryRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'Ke daftar' }));
    expect(where()).toBe('/form');
    expect(screen.getByText('blocker: blocked')).toBeInTheDocument();
    expect(seen.blocker?.location?.pathname).toBe('/list');

    act(() => seen.blocker?.reset?.());
    expect(screen.getByText('blocker: unblocked')).toBeInTheDocument();
    expect(where()).toBe('/form');

    await userEvent.click(screen.getByRole('link', { name: 'Ke daftar' }));
    act(() => seen.blocker?.proceed?.());
    expect(where()).toBe('/list');
  });

  it('the blocker sees where a link leads: the same path with another query passes', async () => {
    render(<MemoryRouter initialEntries={['/form']}>{app(true)}</MemoryRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'Tab lain' }));
    expect(where()).toBe('/form?tab=2');
    expect(screen.getByText('blocker: unblocked')).toBeInTheDocument();
  });

  it('navigate() is blocked the same way', async () => {
    render(<MemoryRouter initialEntries={['/form']}>{app(true)}</MemoryRouter>);
    await userEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(where()).toBe('/form');
    act(() => seen.blocker?.proceed?.());
    expect(where()).toBe('/list');
  });

  it('a modified click (new tab) is left to the browser', async () => {
    render(<MemoryRouter initialEntries={['/form']}>{app(true)}</MemoryRouter>);
    const link = screen.getByRole('link', { name: 'Ke daftar' });
    expect(link).toHaveAttribute('href', '/list');
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(screen.getByText('blocker: unblocked')).toBeInTheDocument();
  });

  it('the back button is caught before the router moves, the address is put back, and proceed goes back', async () => {
    window.history.replaceState(null, '', '/list');
    render(<BrowserRouter>{app(true)}</BrowserRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'Isi form' }));
    expect(where()).toBe('/form');

    act(() => window.history.back());
    await waitFor(() => expect(screen.getByText('blocker: blocked')).toBeInTheDocument());
    expect(seen.blocker?.location?.pathname).toBe('/list');
    // The undo (forward again) lands: the address is the form's, and the router never left it.
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(where()).toBe('/form');

    act(() => seen.blocker?.proceed?.());
    await waitFor(() => expect(where()).toBe('/list'));
    expect(window.location.pathname).toBe('/list');
    expect(screen.getByText('Daftar')).toBeInTheDocument();
  });

  it('the back button passes when nothing blocks', async () => {
    window.history.replaceState(null, '', '/list');
    render(<BrowserRouter>{app(false)}</BrowserRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'Isi form' }));
    expect(where()).toBe('/form');
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/list'));
    expect(window.location.pathname).toBe('/list');
  });
});
