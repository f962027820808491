import { ConnectionResultCard } from '../components/connection-result-card.tsx';

/** /google/error: where the server sends the browser when the connection failed. */
export default function GoogleErrorPage() {
  return (
    <ConnectionResultCard
      outcome="error"
      title="Connection Failed"
      message="Failed to connect Google account. Please try again."
    />
  );
}
