import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@medora/shared/router';
import { useStore } from 'zustand';
import { LayoutDashboard, LogOut, Settings, UserRound } from 'lucide-react';
import { authStore, formatMessage, MESSAGES, type Role } from '@medora/shared';
import { Popover } from '@medora/shared/ui';
import { dashboardPathFor } from '../../model/dashboard-path';
import css from './header.module.css';

/** The account's role as the menu names it, from the server's verified role (GET /api/me). */
export const ACCOUNT_ROLE_LABELS: Record<Role, string> = {
  patient: MESSAGES.patientAccount,
  provider: MESSAGES.accountRoleProvider,
  doctor: MESSAGES.accountRoleDoctor,
  admin: MESSAGES.accountRoleAdmin,
};

/** The signed-in account's own dashboard, once the server has said who it is (else null). */
export function useDashboardPath(): string | null {
  return useStore(authStore, (s) => (s.profile ? dashboardPathFor(s.profile) : null));
}

/**
 * The account menu of the header, for every role: the account email, the role
 * ('Patient Account', 'Healthcare Provider', 'Doctor' or 'Admin'), Dashboard (the role's own),
 * Settings (/settings) and Logout (sign out, go to /). A menu button with arrow keys.
 * The button shows the e-mail (only an icon on a phone) and its name starts with it (axe
 * `label-content-name-mismatch`).
 */
export function AccountMenu() {
  const email = useStore(authStore, (s) => s.user?.email ?? '');
  const role = useStore(authStore, (s) => s.profile?.role ?? null);
  const dashboard = useDashboardPath();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const openMenu = () => {
    setOpen(true);
    requestAnimationFrame(() => items()[0]?.focus());
  };
  const choose = (action: () => void) => {
    setOpen(false);
    trigger.current?.focus();
    action();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: list.length - 1 };
    if (e.key in move) {
      e.preventDefault();
      list[(move[e.key]! + list.length) % list.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Popover
      className={css.popup}
      open={open}
      onOpenChange={(next) => (next ? openMenu() : setOpen(false))}
      buttonRef={trigger}
      buttonProps={{
        className: css.accountButton,
        'aria-haspopup': 'menu',
        'aria-label': formatMessage('accountMenuFor', { email }),
        onKeyDown: (e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            openMenu();
          }
        },
      }}
      buttonContent={
        <>
          {/* An icon, not the initial as text: the button's visible text is the e-mail alone. */}
          <span className={css.avatar} aria-hidden="true">
            <UserRound size={18} />
          </span>
          <span className={css.accountEmail}>{email}</span>
        </>
      }
      panelRef={menu}
      panelProps={{
        className: `${css.panel} ${css.menu}`,
        role: 'menu',
        'aria-label': MESSAGES.accountMenu,
        onKeyDown: onMenuKey,
      }}
    >
      <div className={css.menuHead} role="presentation">
        <p className={css.menuEmail}>{email}</p>
        {role && (
          <p className="md-muted" data-testid="account-role">
            {ACCOUNT_ROLE_LABELS[role]}
          </p>
        )}
      </div>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        onClick={() => choose(() => navigate(dashboard ?? '/dashboard'))}
      >
        <LayoutDashboard aria-hidden="true" size={18} />
        {MESSAGES.menuDashboard}
      </button>
      <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => navigate('/settings'))}>
        <Settings aria-hidden="true" size={18} />
        {MESSAGES.menuSettings}
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        onClick={() =>
          choose(() => {
            void authStore
              .getState()
              .signOut()
              .then(() => navigate('/'));
          })
        }
      >
        <LogOut aria-hidden="true" size={18} />
        {MESSAGES.menuLogout}
      </button>
    </Popover>
  );
}
