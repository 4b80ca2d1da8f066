import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { SearchBox } from './search-box';

function setup(initialPath = '/') {
  const routes = [
    { path: '/', element: <SearchBox /> },
    { path: '/products', element: <SearchBox /> },
  ];
  return renderRoutes(routes, initialPath);
}

describe('SearchBox', () => {
  it('opens /products?search=<keyword> when a keyword is submitted', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    expect(input.getAttribute('placeholder')).toBe('Search');

    await user.type(input, '  iced latte {Enter}');
    expect(router.state.location.pathname).toBe('/products');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('iced latte');
  });

  it('submits with the search button too', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(screen.getByRole('searchbox'), 'matcha');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/products?search=matcha');
  });

  it('shows the current keyword on the results page, and an empty search goes back to all products', async () => {
    const user = userEvent.setup();
    const { router } = setup('/products?search=mocha');
    const input = screen.getByRole<HTMLInputElement>('searchbox');
    expect(input.value).toBe('mocha');

    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/products');
  });
});
