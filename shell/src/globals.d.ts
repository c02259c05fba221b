/** Set by webpack's DefinePlugin (scripts/lib/webpack-config.ts) and by jest's `globals`. */
declare const __BUILD_ID__: string;
/** Local-only tools (emulator mailbox, demo accounts); false in MEDORA_TARGET=production builds. */
declare const __LOCAL_TOOLS__: boolean;
/** The version of @medora/shared (the shell–remote contract) this build was made with: shared/package.json. */
declare const __CONTRACT_VERSION__: string;
