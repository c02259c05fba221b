/** Set by webpack's DefinePlugin (scripts/lib/webpack-config.ts) and by jest's `globals`. */
declare const __BUILD_ID__: string;
