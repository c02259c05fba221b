import { Link } from 'react-router-dom';
import { MESSAGES } from '@medora/shared';

export function NotFoundPage() {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>{MESSAGES.pageNotFound}</h1>
      <Link to="/">Medora</Link>
    </main>
  );
}
