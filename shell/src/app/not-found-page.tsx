import { Link } from 'react-router-dom';
import { MESSAGES } from '@medora/shared';
import css from '../components/status-page.module.css';

export function NotFoundPage() {
  return (
    <main className={css.page}>
      <h1>{MESSAGES.pageNotFound}</h1>
      <Link to="/">{MESSAGES.appName}</Link>
    </main>
  );
}
