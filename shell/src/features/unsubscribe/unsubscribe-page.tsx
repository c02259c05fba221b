import { Link, useSearchParams } from '@medora/shared/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, errorMessage, MESSAGES } from '@medora/shared';
import { unsubscribeKeys } from '@medora/shared/query';
import css from '../../components/status-page.module.css';

/**
 * `/unsubscribe?token=`: the visible link of a reminder mail. Opening it only checks
 * the token (mail scanners follow links); the button turns the reminders off, without a sign-in —
 * the signed token names the account. Expired or forged links show the API's message.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: unsubscribeKeys.check(token),
    queryFn: () => api.unsubscribeStatus(token),
    enabled: token !== '',
    retry: false,
  });
  const apply = useMutation({ mutationFn: () => api.unsubscribe(token) });

  let body;
  if (token === '') body = <p role="alert">{MESSAGES.unsubscribeTokenMissing}</p>;
  else if (check.isPending) body = <p role="status">{MESSAGES.unsubscribeChecking}</p>;
  else if (check.isError) body = <p role="alert">{errorMessage(check.error)}</p>;
  // Off already (this link was used, or the settings page turned them off): nothing left to do.
  else if (apply.isSuccess || check.data?.unsubscribed)
    body = <p role="status">{MESSAGES.unsubscribeDone}</p>;
  else {
    body = (
      <>
        <p>{MESSAGES.unsubscribeIntro}</p>
        {apply.isError && <p role="alert">{errorMessage(apply.error)}</p>}
        <div className={css.actions}>
          <button
            type="button"
            className="md-button md-primary"
            disabled={apply.isPending}
            onClick={() => apply.mutate()}
          >
            {apply.isPending ? MESSAGES.unsubscribeWorking : MESSAGES.unsubscribeConfirm}
          </button>
        </div>
      </>
    );
  }
  return (
    <main className={css.page}>
      <div className={css.card}>
        <h1>{MESSAGES.unsubscribeTitle}</h1>
        {body}
        <p>
          <Link to="/settings">{MESSAGES.unsubscribeToSettings}</Link>
        </p>
      </div>
    </main>
  );
}
