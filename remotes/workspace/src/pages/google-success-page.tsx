import { Navigate } from 'react-router-dom';

/**
 * /google/success: where the server sends the browser once Google's consent has connected an account. No
 * page of its own: straight on to the Google page, which says so above the services now granted.
 */
export default function GoogleSuccessPage() {
  return <Navigate to="/google" replace state={{ connected: true }} />;
}
