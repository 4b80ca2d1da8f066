import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the product-management work replaces it with the form (spec section 2, Edit Product). */
export function EditProductsRoute() {
  return (
    <>
      <title>Edit Product · Coffee Shop</title>
      <SimplePage title="Edit Product" />
    </>
  );
}
