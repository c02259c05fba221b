/** Styles of the intake, in the shell's palette (shell/src/app/styles.ts variables). */
export const INTAKE_CSS = `
.md-intake { min-height: calc(100vh - 3.6rem); background: var(--md-bg, #f8fafc); padding: 2rem 1rem 3rem; }
.md-intake-card { width: min(44rem, 100%); margin: 0 auto; background: #fff; border: 1px solid var(--md-border, #e5e7eb);
  border-radius: 14px; padding: 1.75rem 2rem 2rem; box-shadow: 0 4px 16px rgba(15, 23, 42, .06); }
.md-intake-card h1 { margin: 0 0 1rem; font-size: 1.45rem; color: #0f172a; }
.md-intake-account { margin: -.75rem 0 1rem; font-size: .85rem; }
.md-intake-progress { margin: 0 0 1.5rem; }
.md-intake-progress p { margin: 0 0 .4rem; font-size: .88rem; color: var(--md-muted, #6b7280); }
.md-intake-bar { height: .5rem; border-radius: 999px; background: #e2e8f0; overflow: hidden; }
.md-intake-bar > div { height: 100%; background: var(--md-accent, #0f766e); border-radius: 999px; transition: width .25s ease; }
.md-intake-fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
.md-intake-fieldset legend { padding: 0; width: 100%; }
.md-intake-eyebrow { display: inline-block; margin: 0 0 .4rem; padding: .2rem .6rem; border-radius: 999px;
  background: #ccfbf1; color: var(--md-accent-dark, #115e59); font-size: .8rem; font-weight: 600; letter-spacing: .01em; }
.md-intake-question { margin: 0 0 .75rem; font-size: 1.2rem; line-height: 1.35; color: #0f172a; }
.md-intake-question:focus, .md-intake-question:focus-visible { outline: none; }
.md-intake-hint { margin: -.35rem 0 .75rem; font-size: .9rem; }
.md-intake-options { display: grid; gap: .5rem; grid-template-columns: 1fr; }
.md-intake-options[data-count="7"], .md-intake-options[data-count="8"], .md-intake-options[data-count="9"],
.md-intake-options[data-count="10"], .md-intake-options[data-count="11"], .md-intake-options[data-count="12"],
.md-intake-options[data-count="17"], .md-intake-options[data-count="20"] { grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); }
.md-intake-option { display: flex; align-items: center; gap: .65rem; padding: .65rem .85rem; border: 1px solid var(--md-border, #e5e7eb);
  border-radius: var(--md-radius, 10px); cursor: pointer; background: #fff; line-height: 1.3; }
.md-intake-option:hover { border-color: #99f6e4; }
.md-intake-option[data-checked="true"] { border-color: var(--md-accent, #0f766e); background: #f0fdfa; box-shadow: 0 0 0 1px var(--md-accent, #0f766e); }
.md-intake-option input { width: 1.1rem; height: 1.1rem; margin: 0; flex: none; accent-color: var(--md-accent, #0f766e); }
.md-intake-option:focus-within { outline: 3px solid #5eead4; outline-offset: 2px; }
.md-intake input[type="text"], .md-intake input[type="number"], .md-intake textarea, .md-intake select {
  width: 100%; padding: .6rem .75rem; border: 1px solid #cbd5e1; border-radius: 8px; font: inherit; background: #fff; }
.md-intake textarea { resize: vertical; }
.md-intake-row { display: flex; gap: .75rem; flex-wrap: wrap; }
.md-intake-small { display: grid; gap: .3rem; flex: 1 1 9rem; font-size: .9rem; font-weight: 500; }
.md-intake-bmi { display: flex; gap: .75rem; align-items: baseline; flex-wrap: wrap; margin-top: 1rem; padding: .75rem 1rem;
  background: #f8fafc; border-radius: var(--md-radius, 10px); border: 1px solid var(--md-border, #e5e7eb); }
.md-intake-bmi strong[data-category="Normal"] { color: #047857; }
.md-intake-bmi strong[data-category="Underweight"], .md-intake-bmi strong[data-category="Overweight"] { color: #b45309; }
.md-intake-bmi strong[data-category="Obese"] { color: var(--md-danger, #b91c1c); }
.md-intake-error { margin: .75rem 0 0; padding: .6rem .8rem; border-radius: 8px; background: #fef2f2; color: var(--md-danger, #b91c1c);
  border: 1px solid #fecaca; font-weight: 500; }
.md-intake-actions { display: flex; justify-content: space-between; gap: .75rem; margin-top: 1.75rem; padding-top: 1.25rem;
  border-top: 1px solid var(--md-border, #e5e7eb); }
.md-intake-actions .md-button { min-width: 8rem; }
.md-intake-upload { margin-top: 1.25rem; padding: 1rem; border: 1px dashed #94a3b8; border-radius: var(--md-radius, 10px); background: #f8fafc; }
.md-intake-upload-label { display: block; font-weight: 600; margin-bottom: .35rem; }
.md-intake-upload .md-intake-hint { margin: 0 0 .6rem; }
.md-intake-upload input[type="file"] { font: inherit; font-size: .92rem; }
.md-intake-upload input[type="file"]::file-selector-button { margin-right: .75rem; padding: .45rem .9rem; border-radius: 8px;
  border: 1px solid var(--md-accent, #0f766e); background: #fff; color: var(--md-accent-dark, #115e59); font: inherit; font-weight: 500; cursor: pointer; }
.md-intake-upload input[type="file"]::file-selector-button:hover { background: #f0fdfa; }
.md-intake-files { list-style: none; padding: 0; margin: .75rem 0 0; display: grid; gap: .35rem; }
.md-intake-files li { display: flex; justify-content: space-between; align-items: center; padding: .4rem .7rem; background: #fff;
  border: 1px solid var(--md-border, #e5e7eb); border-radius: 8px; }
.md-intake-choices { display: grid; gap: .75rem; margin-top: 1.25rem; }
.md-intake-choice { display: grid; gap: .2rem; text-align: left; padding: 1rem 1.1rem; border: 1px solid var(--md-border, #e5e7eb);
  border-radius: var(--md-radius, 10px); background: #fff; font: inherit; cursor: pointer; }
.md-intake-choice:hover { border-color: var(--md-accent, #0f766e); background: #f0fdfa; }
.md-intake-choice strong { font-size: 1.05rem; color: #0f172a; }
.md-intake-review section { margin-top: 1.25rem; }
.md-intake-review h3 { margin: 0 0 .5rem; font-size: 1rem; color: var(--md-accent-dark, #115e59); text-transform: none; }
.md-intake-review dl { margin: 0; display: grid; grid-template-columns: minmax(10rem, 40%) 1fr; border: 1px solid var(--md-border, #e5e7eb);
  border-radius: var(--md-radius, 10px); overflow: hidden; }
.md-intake-review dt, .md-intake-review dd { margin: 0; padding: .5rem .75rem; border-bottom: 1px solid #f1f5f9; font-size: .92rem; }
.md-intake-review dt { color: #475569; background: #f8fafc; }
.md-intake-review dd { color: #0f172a; }
.md-intake-done { text-align: center; padding: 2rem 0 1rem; }
.md-intake-done-mark { display: inline-grid; place-items: center; width: 3.5rem; height: 3.5rem; border-radius: 999px; background: #ccfbf1;
  color: var(--md-accent-dark, #115e59); font-size: 1.8rem; margin-bottom: .75rem; }
@media (max-width: 560px) { .md-intake-card { padding: 1.25rem; } .md-intake-review dl { grid-template-columns: 1fr; } }
`;
