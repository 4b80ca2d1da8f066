import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the orders work replaces it with the order history (spec section 2, History). */
export function HistoryRoute() {
  return (
    <>
      <title>History · Coffee Shop</title>
      <SimplePage title="History" />
    </>
  );
}
