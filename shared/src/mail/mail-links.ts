/**
 * The pages of the shell a mail links to (shell/src/app/routes.tsx serves them), and the
 * one-click unsubscribe. Written once: the API composes the links, the shell serves the pages.
 */
export const MAIL_LINK_PATHS = {
  patient: '/dashboard',
  doctor: '/provider-dashboard',
  applicant: '/doctor-onboarding',
  /** The shell page a reminder's visible unsubscribe link opens (`?token=`); a GET changes nothing. */
  unsubscribe: '/unsubscribe',
} as const;

/** The API route of the unsubscribe link: GET checks a token, POST (RFC 8058 one-click) applies it. */
export const UNSUBSCRIBE_API_PATH = '/api/mail/unsubscribe';

/** What an unsubscribe token turns off; only appointment reminders so far. */
export const UNSUBSCRIBE_LISTS = ['reminders'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** How long an unsubscribe link in a mail keeps working. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** One e-mail the local SMTP sink received, as /dev/mailbox lists it. */
export interface MailSinkSummary {
  id: string;
  to: string[];
  subject: string;
  receivedAt: string;
}

/** One e-mail the local SMTP sink received, opened: both parts, its links and its attachments. */
export interface MailSinkMessage extends MailSinkSummary {
  from: string;
  text: string;
  /** The HTML part as sent (shown only in a sandboxed frame), or null when the mail had none. */
  html: string | null;
  /** Every http(s) link of the text part, in order. */
  links: string[];
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; size: number; base64: string }[];
}

/** `GET /api/mail/unsubscribe` and the one-click POST: the list the token names, and whether it is off now. */
export interface UnsubscribeStatus {
  list: UnsubscribeList;
  unsubscribed: boolean;
}
