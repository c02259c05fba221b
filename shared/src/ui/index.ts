/**
 * `@medora/shared/ui`: the UI kit every frontend uses: one modal `Dialog`, one `Popover`, the
 * `ReasonDialog`, `ConfirmDecisionDialog`, titled `Modal` (with `ModalActions`) and `FilePreviewDialog`
 * built on it, and `saveBlob` (its stylesheet is
 * `@medora/shared/kit.css`). A separate entry (and a federation singleton) so that `@medora/shared` stays free of
 * React for the API.
 */
export * from './confirm-decision-dialog.js';
export * from './after-paint.js';
export * from './dialog.js';
export * from './file-preview-dialog.js';
export * from './modal.js';
export * from './popover.js';
export * from './reason-dialog.js';
export * from './save-file.js';
