import { useState } from 'react';
import { AlarmClock, Bell, CalendarDays, FileText, Info, type LucideIcon } from 'lucide-react';
import {
  formatDateTime,
  formatMessage,
  MESSAGES,
  type AppNotification,
  type NotificationType,
} from '@medora/shared';
import { Popover } from '@medora/shared/ui';
import { useNotifications } from './use-notifications';
import css from './header.module.css';

/** How many notifications the collapsed dropdown shows (the rest behind 'Show all'). */
export const COLLAPSED_COUNT = 3;

/** SVG icons (lucide), not emoji: emoji render as empty boxes without an emoji font. */
const ICONS: Record<NotificationType, LucideIcon> = {
  appointment: CalendarDays,
  document: FileText,
  reminder: AlarmClock,
  system: Info,
};

function Item({ n, onRead }: { n: AppNotification; onRead: (id: string) => void }) {
  const Icon = ICONS[n.type];
  return (
    <li className={css.note} data-read={n.read} data-type={n.type}>
      <Icon aria-hidden="true" className={css.noteIcon} size={20} />
      <div className={css.noteBody}>
        <p className={css.noteTitle}>{n.title}</p>
        <p className={css.noteText}>{n.message}</p>
        <p className={css.noteTime}>
          <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, null)}</time>
        </p>
      </div>
      {!n.read && (
        <button type="button" className="md-link-button" onClick={() => onRead(n.id)}>
          <span className="md-visually-hidden">{n.title}: </span>
          {MESSAGES.markRead}
        </button>
      )}
    </li>
  );
}

/** The header bell: unread badge, dropdown, expand/collapse; items of four types. */
export function NotificationBell() {
  const { items, unread, error, markRead } = useNotifications();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, COLLAPSED_COUNT);
  const label = unread > 0 ? formatMessage('notificationsUnread', { count: unread }) : MESSAGES.notifications;

  return (
    <Popover
      className={css.popup}
      open={open}
      onOpenChange={setOpen}
      buttonProps={{ className: css.iconButton, 'aria-label': label }}
      buttonContent={
        <>
          <Bell aria-hidden="true" size={20} />
          {unread > 0 && (
            <span className={css.badge} data-testid="unread-badge" aria-hidden="true">
              {unread}
            </span>
          )}
        </>
      }
      panelProps={{
        className: `${css.panel} ${css.notes}`,
        role: 'region',
        'aria-label': MESSAGES.notifications,
      }}
    >
      <div className={css.panelHead}>
        <h2>{MESSAGES.notifications}</h2>
        {unread > 0 && (
          <button
            type="button"
            className="md-link-button"
            onClick={() => void markRead(items.filter((n) => !n.read).map((n) => n.id))}
          >
            {MESSAGES.markAllRead}
          </button>
        )}
      </div>
      {error !== null ? (
        <p className="md-muted md-pad" role="alert">
          {formatMessage('notificationsFailed', { message: error })}
        </p>
      ) : items.length === 0 ? (
        <p className="md-muted md-pad">{MESSAGES.noNotifications}</p>
      ) : (
        <ul>
          {shown.map((n) => (
            <Item key={n.id} n={n} onRead={(id) => void markRead([id])} />
          ))}
        </ul>
      )}
      {items.length > COLLAPSED_COUNT && (
        <button
          type="button"
          className={`${css.panelFoot} md-link-button`}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded
            ? MESSAGES.showFewerNotifications
            : formatMessage('showAllNotifications', { count: items.length })}
        </button>
      )}
    </Popover>
  );
}
