import { APPLICATION_SEARCH_MAX_LENGTH, MESSAGES, type ApplicationSort } from '@medora/shared';
import { ui } from '../../../../components/ui';
import type { ApplicationQueueState } from '../hooks/use-application-queue';
import { SORTS } from '../model/application';
import css from './queue-filters.module.css';

/** The search (sent on Search) and the order above a queue. */
export function QueueFilters({ queue }: { queue: ApplicationQueueState }) {
  return (
    <form
      role="search"
      className={css.filters}
      onSubmit={(e) => {
        e.preventDefault();
        queue.search();
      }}
    >
      <label className={`${ui.label} ${css.search}`}>
        {MESSAGES.adminSearchLabel}
        <input
          type="search"
          value={queue.typed}
          maxLength={APPLICATION_SEARCH_MAX_LENGTH}
          onChange={(e) => queue.setTyped(e.target.value)}
          className={ui.input}
        />
      </label>
      <button type="submit" className={ui.secondary}>
        {MESSAGES.adminSearchButton}
      </button>
      <label className={ui.label}>
        {MESSAGES.adminSortLabel}
        <select
          value={queue.sort}
          onChange={(e) => queue.order(e.target.value as ApplicationSort)}
          className={ui.input}
        >
          {(Object.keys(SORTS) as ApplicationSort[]).map((key) => (
            <option key={key} value={key}>
              {SORTS[key]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
