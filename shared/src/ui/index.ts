/**
 * `@medora/shared/ui`: the UI kit every frontend uses: one modal `Dialog`, one `Popover` and
 * `saveBlob` (its stylesheet is `@medora/shared/kit.css`). A separate entry (and a federation singleton) so that `@medora/shared` stays free of
 * React for the API.
 */
export * from './dialog.js';
export * from './popover.js';
export * from './save-file.js';
