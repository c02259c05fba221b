import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  MESSAGES,
  type MailSinkMessage,
} from '@medora/shared';
import { mailSinkKeys } from '@medora/shared/query';
import css from './mailbox-page.module.css';

/** A download link for an attachment the sink kept (base64 → a blob URL; the CSP allows blob:). */
function AttachmentLink({ attachment }: { attachment: MailSinkMessage['attachments'][number] }) {
  const href = useMemo(() => {
    const bytes = Uint8Array.from(atob(attachment.base64), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: attachment.contentType }));
  }, [attachment]);
  return (
    <a href={href} download={attachment.filename}>
      {attachment.filename} ({attachment.contentType}, {attachment.size} B)
    </a>
  );
}

function OpenedMail({ id, onClose }: { id: string; onClose: () => void }) {
  const [showHtml, setShowHtml] = useState(false);
  const mail = useQuery({ queryKey: mailSinkKeys.detail(id), queryFn: () => api.devMailMessage(id) });
  if (mail.isPending) return <p role="status">{MESSAGES.mailSinkLoading}</p>;
  if (mail.isError) {
    return <p role="alert">{formatMessage('mailSinkFailed', { message: errorMessage(mail.error) })}</p>;
  }
  const m = mail.data;
  return (
    <article className={css.opened} aria-labelledby={`mail-${m.id}`}>
      <button type="button" className="md-button" onClick={onClose}>
        {MESSAGES.mailSinkClose}
      </button>
      <h3 id={`mail-${m.id}`}>{m.subject}</h3>
      <dl className={css.fields}>
        <dt>{MESSAGES.mailSinkFrom}</dt>
        <dd>{m.from}</dd>
        <dt>{MESSAGES.mailSinkTo}</dt>
        <dd>{m.to.join(', ')}</dd>
        <dt>{MESSAGES.mailSinkReceived}</dt>
        <dd>{formatDateTime(m.receivedAt, Intl.DateTimeFormat().resolvedOptions().timeZone)}</dd>
      </dl>
      <h4>{MESSAGES.mailSinkText}</h4>
      <pre className={css.text}>{m.text}</pre>
      {m.links.length > 0 && (
        <>
          <h4>{MESSAGES.mailSinkLinks}</h4>
          <ul className={css.links}>
            {m.links.map((link) => (
              <li key={link}>
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {m.attachments.length > 0 && (
        <>
          <h4>{MESSAGES.mailSinkAttachments}</h4>
          <ul className={css.links}>
            {m.attachments.map((a, i) => (
              <li key={`${a.filename}-${i}`}>
                <AttachmentLink attachment={a} />
              </li>
            ))}
          </ul>
        </>
      )}
      {m.html !== null && (
        <>
          <button
            type="button"
            className="md-button"
            aria-expanded={showHtml}
            onClick={() => setShowHtml((shown) => !shown)}
          >
            {showHtml ? MESSAGES.mailSinkHideHtml : MESSAGES.mailSinkShowHtml}
          </button>
          {/*
            The mail's HTML in a sandbox: no scripts, no same origin; links open in a new tab. Shown on
            demand, so the page itself stays checkable (tools cannot run inside a frame without scripts).
          */}
          {showHtml && (
            <iframe
              className={css.html}
              title={MESSAGES.mailSinkHtmlFrame}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={m.html}
            />
          )}
        </>
      )}
    </article>
  );
}

/** The mails the API's in-process SMTP sink received, beside the emulator's links. */
export function SentMail() {
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({ queryKey: mailSinkKeys.list(), queryFn: () => api.devMail() });
  return (
    <section className={css.section} aria-labelledby="sent-mail-heading">
      <div className="md-row md-between">
        <h2 id="sent-mail-heading">{MESSAGES.mailSinkHeading}</h2>
        <button type="button" className="md-button" onClick={() => void list.refetch()}>
          {MESSAGES.mailboxRefresh}
          <span className="md-visually-hidden"> {MESSAGES.mailSinkHeading}</span>
        </button>
      </div>
      <p className="md-muted">{MESSAGES.mailSinkIntro}</p>
      {list.isPending && <p role="status">{MESSAGES.mailSinkLoading}</p>}
      {list.isError && (
        <p role="alert">{formatMessage('mailSinkFailed', { message: errorMessage(list.error) })}</p>
      )}
      {openId !== null ? (
        <OpenedMail id={openId} onClose={() => setOpenId(null)} />
      ) : (
        <>
          {list.data?.length === 0 && <p>{MESSAGES.mailSinkEmpty}</p>}
          {list.data && list.data.length > 0 && (
            <ul className={css.mail}>
              {list.data.map((m) => (
                <li key={m.id} className={css.item}>
                  <div className={css.summary}>
                    <p className={css.email}>{m.subject}</p>
                    <p className="md-muted">
                      {MESSAGES.mailSinkTo}: {m.to.join(', ')} ·{' '}
                      {formatDateTime(m.receivedAt, Intl.DateTimeFormat().resolvedOptions().timeZone)}
                    </p>
                  </div>
                  <button type="button" className="md-button md-primary" onClick={() => setOpenId(m.id)}>
                    {MESSAGES.mailSinkOpen}
                    <span className="md-visually-hidden"> {m.subject}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
