import { MAX_UPLOAD_BYTES } from './documents/file-type.js';

/**
 * The request body sizes the API reads, shared with the gateway (nginx's `client_max_body_size` is
 * rendered from them, so nginx refuses a bigger body itself, at once, with the API's answer).
 */

/** A JSON (or any non-multipart) body: 1 MiB is plenty for every route. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** A multipart upload: one file of MAX_UPLOAD_BYTES plus room for its envelope (boundaries, small fields). */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 2 * 1024 * 1024;

/** The message of the 413 answer, from the API or from the gateway. */
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
