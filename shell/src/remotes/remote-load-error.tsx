import { LoadFailed } from '@annie/ui/load-failed/load-failed';
import { PRODUCT_NAME } from '../config/product.ts';

/**
 * The fallback of a route whose module could not be fetched or rendered: a plain sentence and Retry,
 * with the federation error kept behind "Technical details" for whoever reports it.
 */
export function RemoteLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <LoadFailed
      message={`This section could not be loaded. The rest of ${PRODUCT_NAME} keeps working.`}
      details={error.message}
      onRetry={onRetry}
      py="9"
    />
  );
}
