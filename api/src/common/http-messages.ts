import { BODY_TOO_LARGE_MESSAGE } from '@medora/shared';

/**
 * Messages for transport-level failures (malformed body, wrong content type...). Not in the shared
 * catalogue because no client shows them; the catalogue's server messages cover everything else.
 */
export const HTTP_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: BODY_TOO_LARGE_MESSAGE,
  unsupportedMediaType: 'This content type is not supported; send application/json.',
  emptyJsonBody: 'The request body is empty but the content type says JSON.',
  methodNotAllowed: 'This method is not allowed here.',
  invalidUrl: 'The request address is not valid.',
  invalidMultipart: 'The request body is not valid multipart/form-data.',
  serviceUnavailable: 'The service is temporarily unavailable.',
} as const;
