import { ConnectionResultCard } from '../components/connection-result-card.tsx';

/** /google/success: where the server sends the browser after a connected account. */
export default function GoogleSuccessPage() {
  return (
    <ConnectionResultCard outcome="success" title="Success" message="Google account connected successfully" />
  );
}
