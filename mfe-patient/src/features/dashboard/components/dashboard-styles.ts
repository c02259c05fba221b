/** Styles of the dashboard, in the shell's palette, next to the intake's (INTAKE_CSS). */
export const DASHBOARD_CSS = `
.md-dash-shell { width: min(68rem, 100%); margin: 0 auto; }
.md-dash-title { display: flex; align-items: baseline; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin-bottom: 1rem; }
.md-dash-title h1 { margin: 0; font-size: 1.55rem; color: #0f172a; }
.md-dash-title p { margin: 0; }
.md-dash-tabs { display: flex; gap: .25rem; border-bottom: 1px solid var(--md-border, #e5e7eb); overflow-x: auto; }
.md-dash-tab, .md-dash-subtab { font: inherit; cursor: pointer; background: none; border: 0; white-space: nowrap; }
.md-dash-tab { padding: .75rem 1.1rem; color: #475569; font-weight: 500; border-bottom: 3px solid transparent; margin-bottom: -1px; }
.md-dash-tab:hover { color: var(--md-accent-dark, #115e59); }
.md-dash-tab[aria-selected="true"] { color: var(--md-accent-dark, #115e59); border-bottom-color: var(--md-accent, #0f766e); font-weight: 600; }
.md-dash-tab:focus-visible, .md-dash-subtab:focus-visible, .md-dash-panel:focus-visible { outline: 3px solid #5eead4; outline-offset: 2px; border-radius: 6px; }
.md-dash-panel { background: #fff; border: 1px solid var(--md-border, #e5e7eb); border-top: 0; border-radius: 0 0 14px 14px;
  padding: 1.5rem; box-shadow: 0 4px 16px rgba(15, 23, 42, .06); min-height: 16rem; }
.md-dash-subtabs { display: inline-flex; gap: .25rem; padding: .25rem; background: #f1f5f9; border-radius: 999px; margin-bottom: 1.25rem; }
.md-dash-subtab { padding: .45rem 1rem; border-radius: 999px; color: #475569; font-weight: 500; }
.md-dash-subtab[aria-selected="true"] { background: #fff; color: var(--md-accent-dark, #115e59); box-shadow: 0 1px 3px rgba(15, 23, 42, .12); }
.md-dash-empty { text-align: center; padding: 2.5rem 1rem; color: #475569; display: grid; gap: .75rem; justify-items: center; }
.md-dash-empty p { margin: 0; font-size: 1.02rem; }
.md-dash-appointments, .md-dash-docs { list-style: none; margin: 0; padding: 0; }
.md-dash-appointments { display: grid; gap: .65rem; }
.md-dash-appointment { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: .9rem 1.1rem;
  border: 1px solid var(--md-border, #e5e7eb); border-radius: var(--md-radius, 10px); }
.md-dash-appointment > div:first-child { display: grid; gap: .15rem; }
.md-dash-appointment-side { display: flex; align-items: center; gap: .75rem; }
.md-dash-status { display: inline-block; padding: .15rem .6rem; border-radius: 999px; font-size: .82rem; font-weight: 600; background: #e0f2fe; color: #075985; }
.md-dash-status[data-status="Confirmed"] { background: #ccfbf1; color: #115e59; }
.md-dash-status[data-status="Completed"] { background: #dcfce7; color: #166534; }
.md-dash-status[data-status="Cancelled"], .md-dash-status[data-status="No-Show"] { background: #fee2e2; color: #991b1b; }
.md-dash .md-button { display: inline-flex; align-items: center; justify-content: center; text-decoration: none; }
.md-dash-button-secondary { background: #fff !important; color: var(--md-accent-dark, #115e59) !important; border: 1px solid var(--md-accent, #0f766e) !important; }
.md-dash-button-secondary:hover:not(:disabled) { background: #f0fdfa !important; }
.md-dash-button-danger { background: #fff !important; color: var(--md-danger, #b91c1c) !important; border: 1px solid #fca5a5 !important; }
.md-dash-button-danger:hover:not(:disabled) { background: #fef2f2 !important; }
.md-dash .md-button:disabled { opacity: .55; cursor: not-allowed; }
.md-dash-upload { margin: 0 0 1.25rem; }
.md-dash-notice { margin: 0 0 1rem; padding: .6rem .8rem; border-radius: 8px; background: #fffbeb; border: 1px solid #fde68a; color: #92400e; }
.md-dash-docs { display: grid; gap: .9rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.md-dash-doc { display: grid; grid-template-columns: auto 1fr; gap: .75rem; padding: 1rem; border: 1px solid var(--md-border, #e5e7eb);
  border-radius: var(--md-radius, 10px); background: #fff; }
.md-dash-doc-icon { width: 2.6rem; height: 3.2rem; border-radius: 6px; background: #fef2f2; color: #b91c1c; display: grid; place-items: center;
  font-size: .72rem; font-weight: 700; letter-spacing: .04em; border: 1px solid #fecaca; }
.md-dash-doc-body { display: grid; gap: .2rem; min-width: 0; }
.md-dash-doc-body strong { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.md-dash-doc-body .md-muted { font-size: .85rem; }
.md-dash-doc-actions { grid-column: 1 / -1; display: flex; gap: .5rem; flex-wrap: wrap; }
.md-dash-doc-actions .md-button { padding: .35rem .75rem; font-size: .88rem; min-width: 0; }
.md-dash-summary { display: grid; gap: 1.25rem; }
.md-dash-card { border: 1px solid var(--md-border, #e5e7eb); border-radius: var(--md-radius, 10px); padding: 1.1rem 1.25rem; }
.md-dash-card-head { display: flex; justify-content: space-between; align-items: center; gap: .75rem; flex-wrap: wrap; }
.md-dash-card h3 { margin: 0; font-size: 1.1rem; color: #0f172a; }
.md-dash-card h4 { margin: 0 0 .5rem; font-size: .98rem; color: var(--md-accent-dark, #115e59); }
.md-dash-card .md-intake-review section { margin-top: 1rem; }
.md-dash-bmi, .md-dash-chip { padding: .2rem .7rem; border-radius: 999px; font-size: .85rem; font-weight: 600; background: #f1f5f9; color: #334155; }
.md-dash-bmi[data-category="Normal"] { background: #dcfce7; color: #047857; }
.md-dash-bmi[data-category="Underweight"], .md-dash-bmi[data-category="Overweight"] { background: #fef3c7; color: #b45309; }
.md-dash-bmi[data-category="Obese"] { background: #fee2e2; color: #b91c1c; }
.md-dash-disclaimer { margin: .75rem 0; font-size: .88rem; color: #64748b; font-style: italic; }
.md-dash-redflags { margin: 0 0 .75rem; padding: .6rem .8rem .6rem 1.8rem; background: #fef2f2; border: 1px solid #fecaca; border-radius: 8px; color: #991b1b; }
.md-dash-ai-section { margin-top: .75rem; }
.md-dash-ai-section ul { margin: 0; padding-left: 1.2rem; display: grid; gap: .2rem; }
.md-dash-backdrop { position: fixed; inset: 0; background: rgba(15, 23, 42, .45); display: grid; place-items: center; padding: 1rem; z-index: 45; }
.md-dash-modal { width: min(34rem, 100%); max-height: calc(100vh - 2rem); overflow: auto; background: #fff; border-radius: 14px;
  padding: 1.25rem 1.5rem 1.5rem; box-shadow: 0 20px 50px rgba(15, 23, 42, .25); }
.md-dash-modal:focus { outline: none; }
.md-dash-modal-wide { width: min(60rem, 100%); }
.md-dash-modal-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin-bottom: 1rem; }
.md-dash-modal-head h2 { margin: 0; font-size: 1.2rem; color: #0f172a; overflow-wrap: anywhere; }
.md-dash-icon-button { font: inherit; font-size: 1.5rem; line-height: 1; width: 2.2rem; height: 2.2rem; border-radius: 8px; border: 1px solid transparent;
  background: none; cursor: pointer; color: #475569; }
.md-dash-icon-button:hover { background: #f1f5f9; }
.md-dash-icon-button:focus-visible { outline: 3px solid #5eead4; }
.md-dash-details { display: grid; grid-template-columns: 7rem 1fr; gap: .55rem 1rem; margin: 0; }
.md-dash-details dt { color: #64748b; font-weight: 500; }
.md-dash-details dd { margin: 0; color: #0f172a; }
.md-dash-modal-actions { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: flex-end; margin-top: 1.5rem; padding-top: 1rem;
  border-top: 1px solid var(--md-border, #e5e7eb); }
.md-dash-preview-frame { width: 100%; height: 70vh; border: 1px solid var(--md-border, #e5e7eb); border-radius: 8px; }
.md-dash-preview-image { display: block; max-width: 100%; max-height: 70vh; margin: 0 auto; border-radius: 8px; }
@media (max-width: 640px) { .md-dash-panel { padding: 1rem; } .md-dash-appointment { flex-direction: column; align-items: flex-start; } }
`;
