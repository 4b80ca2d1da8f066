import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the product-management work replaces it with the form (spec section 2, Add Product). */
export function AddProductsRoute() {
  return (
    <>
      <title>Add Product · Coffee Shop</title>
      <SimplePage title="Add Product" />
    </>
  );
}
