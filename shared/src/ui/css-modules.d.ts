/**
 * Types of CSS imports compiled by webpack (scripts/lib/webpack-config.ts): a `*.module.css` file is a
 * CSS Module whose default export maps class names to scoped names; other `.css` imports (the design
 * tokens) are side effects only. Listed in `tsconfig.web.json`, so every frontend package has them.
 */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.css';
