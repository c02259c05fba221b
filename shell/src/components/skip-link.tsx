import type { MouseEvent } from 'react';
import { MESSAGES } from '@medora/shared';

/**
 * "Skip to main content", the first Tab stop of every page with the shell's header (WCAG 2.4.1). The
 * remotes render their own `<main>`, so the link finds it when used and moves focus there; without a
 * `main` on the page the browser follows the fragment as usual.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    // Focusable from script only: the main region is not a Tab stop of its own.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    <a href="#main" className="md-skip-link" onClick={skip}>
      {MESSAGES.skipToMain}
    </a>
  );
}
