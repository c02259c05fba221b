/**
 * The booking flow's stylesheet, rendered in a <style> element by the flow (no CSS loader). Same calm
 * palette as the shell (shell/src/app/styles.ts): teal accent, slate text, soft borders.
 */
export const BOOKING_CSS = `
.bk { --bk-accent: #0f766e; --bk-accent-dark: #115e59; --bk-accent-soft: #ccfbf1; --bk-border: #e2e8f0;
  --bk-ink: #0f172a; --bk-text: #334155; --bk-muted: #64748b; display: grid; gap: 1rem; color: var(--bk-text);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
.bk *, .bk *::before, .bk *::after { box-sizing: border-box; }
.bk :focus-visible { outline: 3px solid #5eead4; outline-offset: 2px; }
.bk ul { list-style: none; margin: 0; padding: 0; }
.bk-step { background: #fff; border: 1px solid var(--bk-border); border-radius: 12px; padding: 1rem 1.25rem; }
.bk-step h2 { margin: 0 0 .75rem; font-size: 1.05rem; color: var(--bk-ink); }
.bk-muted { color: var(--bk-muted); margin: 0; }
.bk-small { font-size: .85rem; margin-top: .6rem; }
.bk-empty { margin: 0; padding: .75rem 1rem; border-radius: 8px; background: #fff7ed; color: #9a3412; border: 1px solid #fed7aa; }
.bk-doctors { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.bk-doctor { display: flex; gap: .75rem; width: 100%; height: 100%; text-align: left; padding: .85rem; border-radius: 10px;
  border: 1px solid var(--bk-border); background: #fff; font: inherit; color: inherit; cursor: pointer; }
.bk-doctor:hover { border-color: #99f6e4; background: #f0fdfa; }
.bk-doctor[aria-pressed="true"] { border: 2px solid var(--bk-accent); background: #f0fdfa; padding: calc(.85rem - 1px); }
.bk-doctor-avatar { flex: none; display: grid; place-items: center; width: 2.5rem; height: 2.5rem; border-radius: 999px;
  background: var(--bk-accent-soft); color: var(--bk-accent-dark); font-weight: 700; }
.bk-doctor-body { display: grid; gap: .1rem; min-width: 0; }
.bk-doctor-name { font-weight: 600; color: var(--bk-ink); }
.bk-doctor-specialty { color: var(--bk-accent-dark); font-size: .9rem; font-weight: 500; }
.bk-doctor-meta { color: var(--bk-muted); font-size: .85rem; }
.bk-grid { display: grid; gap: .5rem; }
.bk-dates { grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
.bk-slots { grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); }
.bk-choice { display: grid; gap: .1rem; justify-items: center; width: 100%; padding: .55rem .5rem; border-radius: 8px;
  border: 1px solid var(--bk-border); background: #fff; font: inherit; color: var(--bk-ink); cursor: pointer; }
.bk-choice:hover { border-color: #99f6e4; background: #f0fdfa; }
.bk-choice[aria-pressed="true"] { background: var(--bk-accent); border-color: var(--bk-accent); color: #fff; }
.bk-choice[aria-pressed="true"] .bk-choice-small { color: #ccfbf1; }
.bk-choice-main { font-weight: 600; }
.bk-choice-small { font-size: .8rem; color: var(--bk-muted); }
.bk-slot { font-weight: 600; }
.bk-summary { margin: 0 0 .75rem; padding: .6rem .8rem; border-radius: 8px; background: #f0fdfa; color: var(--bk-accent-dark); }
.bk-label { display: block; font-weight: 500; margin-bottom: .35rem; color: var(--bk-ink); }
.bk-notes { width: 100%; padding: .6rem .75rem; border: 1px solid #cbd5e1; border-radius: 8px; font: inherit; resize: vertical; }
.bk-actions { display: flex; gap: .5rem; justify-content: flex-end; flex-wrap: wrap; }
.bk-button { display: inline-flex; align-items: center; justify-content: center; padding: .6rem 1.1rem; border-radius: 8px;
  border: 1px solid #cbd5e1; background: #fff; color: var(--bk-ink); font: inherit; font-weight: 500; cursor: pointer; text-decoration: none; }
.bk-button:hover:not(:disabled) { background: #f1f5f9; }
.bk-button:disabled { opacity: .65; cursor: progress; }
.bk-primary { background: var(--bk-accent); border-color: var(--bk-accent); color: #fff; }
.bk-primary:hover:not(:disabled) { background: var(--bk-accent-dark); }
.bk-intro { display: grid; gap: .75rem; justify-items: start; background: #fff; border: 1px solid var(--bk-border);
  border-radius: 12px; padding: 1.25rem; }
.bk-intro p { margin: 0; }
.bk-page { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
.bk-page-head { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; flex-wrap: wrap; margin-bottom: 1rem; }
.bk-page-head h1 { margin: 0; font-size: 1.6rem; color: #0f172a; }
.bk-build { color: #64748b; font-size: .75rem; margin-top: 1.5rem; }
`;
