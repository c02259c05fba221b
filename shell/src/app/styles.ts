/**
 * The shell's stylesheet, rendered once by the layout: one calm, neutral palette with a teal accent.
 * The palette itself (`--md-*` custom properties) lives in @medora/shared/tokens.css, which
 * bootstrap.tsx imports; this string is still injected as <style> (to become a CSS file, issue 14 §3).
 */
export const SHELL_CSS = `
*, *::before, *::after { box-sizing: border-box; }
:focus-visible { outline: 3px solid #5eead4; outline-offset: 2px; }
.md-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.md-muted { color: var(--md-muted); }
.md-row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.md-between { justify-content: space-between; }
.md-end { justify-content: flex-end; }
.md-pad { padding: 1rem; margin: 0; }

.md-header { position: sticky; top: 0; z-index: 20; display: flex; align-items: center; justify-content: space-between;
  gap: 1rem; padding: .7rem 1.5rem; background: #fff; border-bottom: 1px solid var(--md-border); }
.shell-header-placeholder { height: 3.25rem; background: #fff; border-bottom: 1px solid var(--md-border); }
.md-logo { display: inline-flex; align-items: center; gap: .5rem; font-weight: 700; font-size: 1.2rem; color: #0f172a; text-decoration: none; }
.md-logo-mark { display: inline-grid; place-items: center; width: 1.8rem; height: 1.8rem; border-radius: 8px;
  background: var(--md-accent); color: #fff; font-size: 1.2rem; line-height: 1; }
.md-header-actions { display: flex; align-items: center; gap: .75rem; }

.md-button { display: inline-flex; justify-content: center; align-items: center; gap: .4rem; padding: .6rem 1rem;
  border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; font: inherit; font-weight: 500; cursor: pointer; }
.md-button:hover:not(:disabled) { background: #f1f5f9; }
.md-button:disabled { opacity: .6; cursor: progress; }
.md-primary { background: var(--md-accent); border-color: var(--md-accent); color: #fff; }
.md-primary:hover:not(:disabled) { background: var(--md-accent-dark); }
.md-danger { background: var(--md-danger); border-color: var(--md-danger); color: #fff; }
.md-link-button { background: none; border: 0; padding: .25rem 0; color: var(--md-accent); font: inherit; cursor: pointer; text-decoration: underline; }
.md-icon-button { position: relative; display: inline-grid; place-items: center; width: 2.4rem; height: 2.4rem;
  border-radius: 999px; border: 1px solid var(--md-border); background: #fff; color: #334155; cursor: pointer; }
.md-icon-button:hover { background: #f1f5f9; }
.md-badge { position: absolute; top: -4px; right: -4px; min-width: 1.2rem; height: 1.2rem; padding: 0 .3rem; border-radius: 999px;
  background: #dc2626; color: #fff; font-size: .72rem; font-weight: 700; line-height: 1.2rem; text-align: center; }

.md-popup { position: relative; }
.md-panel { position: absolute; right: 0; top: calc(100% + .5rem); z-index: 30; width: min(22rem, 90vw); background: #fff;
  border: 1px solid var(--md-border); border-radius: var(--md-radius); box-shadow: 0 12px 32px rgba(15, 23, 42, .14); overflow: hidden; }
.md-panel-head { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--md-border); }
.md-panel-head h2 { margin: 0; font-size: 1rem; }
.md-panel-foot { display: block; width: 100%; padding: .7rem 1rem; border-top: 1px solid var(--md-border); text-align: center; text-decoration: none; }
.md-notes ul { list-style: none; margin: 0; padding: 0; max-height: 24rem; overflow-y: auto; }
.md-note { display: flex; gap: .7rem; padding: .75rem 1rem; border-bottom: 1px solid #f1f5f9; align-items: flex-start; }
.md-note[data-read="false"] { background: #f0fdfa; }
.md-note-icon { font-size: 1.1rem; }
.md-note-body { flex: 1; min-width: 0; }
.md-note-body p { margin: 0; }
.md-note-title { font-weight: 600; }
.md-note-text { color: #334155; font-size: .92rem; margin-top: .15rem !important; }
.md-note-time { color: var(--md-muted); font-size: .8rem; margin-top: .25rem !important; }
.md-note .md-link-button { font-size: .8rem; white-space: nowrap; }

.md-account-button { display: inline-flex; align-items: center; gap: .5rem; padding: .25rem .75rem .25rem .25rem; border-radius: 999px;
  border: 1px solid var(--md-border); background: #fff; font: inherit; color: #0f172a; cursor: pointer; }
.md-account-button:hover { background: #f1f5f9; }
.md-avatar { display: inline-grid; place-items: center; width: 1.9rem; height: 1.9rem; border-radius: 999px; background: #ccfbf1; color: var(--md-accent-dark); font-weight: 700; }
.md-account-email { max-width: 14rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: .92rem; }
.md-menu { width: 16rem; padding-bottom: .35rem; }
.md-menu-head { padding: .75rem 1rem; border-bottom: 1px solid var(--md-border); margin-bottom: .35rem; }
.md-menu-head p { margin: 0; }
.md-menu-email { font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.md-menu [role="menuitem"] { display: block; width: 100%; padding: .55rem 1rem; border: 0; background: none; font: inherit; text-align: left; cursor: pointer; color: #0f172a; }
.md-menu [role="menuitem"]:hover, .md-menu [role="menuitem"]:focus { background: #f1f5f9; outline: none; }

.md-auth { min-height: calc(100vh - 3.6rem); display: grid; place-items: start center; padding: 2.5rem 1rem; background: var(--md-bg); }
.md-card { width: min(32rem, 100%); background: #fff; border: 1px solid var(--md-border); border-radius: 14px; padding: 2rem;
  box-shadow: 0 4px 16px rgba(15, 23, 42, .06); }
.md-card h1 { margin: 0 0 .35rem; font-size: 1.5rem; }
.md-card > .md-muted { margin: 0 0 1.25rem; }
.md-roles { border: 0; padding: 0; margin: 0 0 1.25rem; display: grid; gap: .5rem; }
.md-roles legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
.md-role { display: grid; grid-template-columns: auto 1fr; column-gap: .7rem; align-items: center; padding: .7rem .9rem;
  border: 1px solid var(--md-border); border-radius: var(--md-radius); cursor: pointer; }
.md-role[data-checked="true"] { border-color: var(--md-accent); background: #f0fdfa; box-shadow: 0 0 0 1px var(--md-accent); }
.md-role input { grid-row: span 2; accent-color: var(--md-accent); width: 1.1rem; height: 1.1rem; margin: 0; }
.md-role-name { font-weight: 600; }
.md-role-desc { color: var(--md-muted); font-size: .88rem; }
.md-switch { display: grid; grid-template-columns: 1fr 1fr; padding: .25rem; margin-bottom: 1rem; background: #f1f5f9; border-radius: 10px; }
.md-switch button { padding: .55rem; border: 0; border-radius: 8px; background: none; font: inherit; font-weight: 500; color: #475569; cursor: pointer; }
.md-switch button[aria-pressed="true"] { background: #fff; color: #0f172a; box-shadow: 0 1px 3px rgba(15, 23, 42, .12); }
.md-form { display: grid; gap: .6rem; }
.md-form h2 { margin: 0; font-size: 1.2rem; }
.md-form p { margin: 0; }
.md-form label { font-weight: 500; font-size: .92rem; margin-top: .25rem; }
.md-form input, .md-mail input { padding: .6rem .75rem; border: 1px solid #cbd5e1; border-radius: 8px; font: inherit; }
.md-form input:focus, .md-mail input:focus { border-color: var(--md-accent); }
.md-form .md-primary { margin-top: .5rem; }
.md-form .md-link-button { justify-self: center; }
.md-form .md-row .md-button { flex: 1; }

.md-page { max-width: 56rem; margin: 0 auto; padding: 2rem 1.5rem; }
.md-page h1 { margin: 0; }
.md-mail { list-style: none; padding: 0; display: grid; gap: .6rem; }
.md-mail-item { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap;
  padding: .9rem 1rem; border: 1px solid var(--md-border); border-radius: var(--md-radius); background: #fff; }
.md-mail-item p { margin: 0; }
.md-mail-email { font-weight: 600; }

.md-toaster { position: fixed; z-index: 50; right: 1rem; bottom: 1rem; display: grid; gap: .5rem; width: min(26rem, calc(100vw - 2rem)); }
.md-toaster > div { display: grid; gap: .5rem; }
.md-toast { display: flex; align-items: flex-start; gap: .75rem; padding: .8rem 1rem; border-radius: var(--md-radius); background: #fff;
  border: 1px solid var(--md-border); border-left: 4px solid var(--md-accent); box-shadow: 0 8px 24px rgba(15, 23, 42, .14); }
.md-toast[data-kind="error"] { border-left-color: var(--md-danger); }
.md-toast[data-kind="info"] { border-left-color: #2563eb; }
.md-toast p { margin: 0; flex: 1; }
.md-toast-close { border: 0; background: none; font-size: 1.25rem; line-height: 1; cursor: pointer; color: var(--md-muted); }

.md-backdrop { position: fixed; inset: 0; z-index: 60; display: grid; place-items: center; background: rgba(15, 23, 42, .45); padding: 1rem; }
.md-dialog { width: min(28rem, 100%); background: #fff; border-radius: 14px; padding: 1.5rem; box-shadow: 0 24px 48px rgba(15, 23, 42, .25); }
.md-dialog h2 { margin: 0 0 .5rem; font-size: 1.2rem; }
.md-dialog p { margin: 0 0 1.25rem; color: #334155; }
/* The Dialog primitive of @medora/shared/ui (issue 14 §3): the native <dialog> is a transparent frame over
   the viewport that centres the caller's panel, like the old backdrop divs; a click on it is a backdrop click. */
.md-ui-dialog { position: fixed; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none; margin: 0;
  padding: 1rem; border: 0; background: transparent; color: inherit; display: grid; place-items: center; overflow: auto; }
.md-ui-dialog:not([open]) { display: none; }
.md-ui-dialog::backdrop { background: rgba(15, 23, 42, .45); }
`;
