/**
 * `@medora/shared/ui`: the React primitives every frontend uses: one modal `Dialog` and
 * one `Popover`. A separate entry (and a federation singleton) so that `@medora/shared` stays free of
 * React for the API.
 */
export * from './dialog.js';
export * from './popover.js';
