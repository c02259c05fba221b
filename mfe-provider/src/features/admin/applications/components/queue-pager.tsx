import { MESSAGES, formatMessage } from '@medora/shared';
import { ui } from '../../../../components/ui';
import type { ApplicationQueueState } from '../hooks/use-application-queue';
import css from './queue-pager.module.css';

/** 'Previous page', where the admin is, 'Next page' (keyset pages of the queue). */
export function QueuePager({ queue }: { queue: ApplicationQueueState }) {
  return (
    <nav aria-label={MESSAGES.adminPagesLabel} className={css.pager}>
      <button type="button" className={ui.secondary} disabled={!queue.hasPrevious} onClick={queue.previous}>
        {MESSAGES.adminPagePrevious}
      </button>
      <p role="status">
        {formatMessage('adminPageStatus', { page: queue.page, pages: queue.pages, total: queue.total })}
      </p>
      <button type="button" className={ui.secondary} disabled={!queue.hasNext} onClick={queue.next}>
        {MESSAGES.adminPageNext}
      </button>
    </nav>
  );
}
