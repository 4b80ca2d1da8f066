import { Spinner } from '../../components/ui/spinner';

export function PageLoading() {
  return (
    <div className="grid min-h-dvh place-items-center bg-page">
      <Spinner label="Loading the shop" />
    </div>
  );
}
