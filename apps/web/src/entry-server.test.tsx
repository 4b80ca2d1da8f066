// @vitest-environment node
// The API renders the menu and product pages with this module in Node: tested there, without a DOM.
import { describe, expect, it } from 'vitest';
import { composePage, menuFirstQuery, pageDataScript, productsFirstRequest, renderMenuPage, renderProductPage } from './entry-server';
import { productQueryOptions } from './features/products/api/get-product';
import { productsInfiniteQueryOptions } from './features/products/api/get-products';
import { PICTURE_SIZES } from './components/ui/product-picture';
import { createProduct, createProductPage } from './testing/product-factory';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Coffee Shop</title><style>body{}</style></head><body><div id="root"></div></body></html>';

describe('pages the API draws with their data', () => {
  it('draws a product page whole: its name, price and picture, with its answer for the browser cache', async () => {
    const product = createProduct({ id: 7, name: 'Hazelnut Latte', price: 25, picture: 'hazelnut.webp' });
    const page = await renderProductPage(product);

    expect(page.head).toContain('<title>Hazelnut Latte · Coffee Shop</title>');
    expect(page.body).toContain('Hazelnut Latte');
    expect(page.body).toContain('IDR 25.000');
    expect(page.body).toMatch(/<img[^>]+src="\/uploads\/images\/hazelnut\.webp"/);
    // The picture's widths, as the browser draws it: it loads the one that fits, and its preload asks for the same one.
    const srcset = product.images[0]?.srcset ?? '';
    expect(page.body).toContain(`srcSet="${srcset}" sizes="${PICTURE_SIZES.page}" width="1200" height="1200" alt="Hazelnut Latte" loading="eager"`);
    expect(page.head).toContain(`<link rel="preload" as="image" imageSrcSet="${srcset}" imageSizes="${PICTURE_SIZES.page}" fetchPriority="high"/>`);
    // Under the key the product page's own query reads, so the browser draws it from the cache, asking nothing.
    expect(page.seeds).toEqual([{ queryKey: productQueryOptions(7).queryKey, data: product }]);
  });

  it("draws the menu's default tab with its first products, under the key the tab's list reads", async () => {
    const products = [createProduct({ name: 'Es Kopi Susu', isFavorite: true }), createProduct({ name: 'Pandan Croissant', isPromo: true })];
    const firstPage = createProductPage(products);
    const page = await renderMenuPage(firstPage);

    expect(page.head).toContain('<title>Products · Coffee Shop</title>');
    expect(page.body).toContain('Es Kopi Susu');
    expect(page.body).toContain('Pandan Croissant');
    for (const product of products) {
      expect(page.body).toContain(`srcSet="${product.images[0]?.srcset ?? ''}" sizes="${PICTURE_SIZES.card}"`);
    }
    expect(page.seeds).toEqual([
      { queryKey: productsInfiniteQueryOptions({ featured: 'true' }).queryKey, data: { pages: [firstPage], pageParams: [1] } },
    ]);
  });

  it('asks the API for exactly what the menu page asks for at start', async () => {
    const requested = new URL(await productsFirstRequest(), 'http://localhost');
    expect(menuFirstQuery()).toEqual(Object.fromEntries(requested.searchParams));
  });

  it('puts the page in the template, its data in a block no text can break out of', async () => {
    const product = createProduct({ id: 9, name: 'Kopi </script><script>alert(1)</script>', description: 'a < b & "c"' });
    const page = await renderProductPage(product);
    const html = composePage(TEMPLATE, page, { extraHead: pageDataScript(page.seeds) });

    expect(html).toContain('<title>Kopi &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Coffee Shop</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<style>body{}</style>');
    expect(html).not.toContain('<script>alert(1)');
    const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(page.seeds);
    expect(html).toMatch(/<div id="root"><.*Kopi &lt;\/script&gt;/s);
  });
});
