/**
 * Jest stand-in for CSS imports (webpack compiles the real files): a `*.module.css` import yields its
 * class names unchanged (`styles.card` → 'card'), so tests can still query by class; a plain `.css`
 * import (the design tokens) yields the same harmless object.
 */
module.exports = new Proxy(
  {},
  {
    get: (_target, key) => (key === '__esModule' ? false : key === 'default' ? module.exports : key),
  },
);
