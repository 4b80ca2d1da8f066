import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailerModule from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where a mail went: the SMTP message id, or the .eml file written to the outbox. */
export interface MailReceipt {
  messageId: string;
  file?: string;
}

/**
 * The one way the API sends mail (password resets, account notices, order confirmations).
 * `send` waits and throws when the mail could not be handed over; `sendLater` never throws and
 * never delays the answer (a slow mail server must not show in response times, which would also
 * tell an observer whether an account exists), and logs failures instead.
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
  sendLater(message: MailMessage): void;
  /** Resolves once every `sendLater` mail has been handed over or has failed (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

/** The part of a pino/Fastify logger the mailer uses. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the mailer uses of a nodemailer transport: what it says of a mail sent (`message`: the stream transport's bytes). */
interface MailTransport {
  sendMail(mail: MailMessage & { from: string }): Promise<{ messageId: unknown; message?: unknown }>;
  close(): void;
}

const silentLog: MailLog = { info: () => undefined, error: () => undefined };

/** SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'mail'>, log: MailLog = silentLog): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  const pending = new Set<Promise<unknown>>();

  let deliver: (message: MailMessage) => Promise<MailReceipt>;
  let close = () => undefined as void;

  // nodemailer is loaded with the first mail: many processes never send one, and it is not small.
  let made: Promise<MailTransport> | undefined;
  const transporter = (make: (nodemailer: typeof nodemailerModule) => MailTransport) =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)));

  if (smtpUrl) {
    let opened: MailTransport | undefined;
    close = () => opened?.close();
    deliver = async (message) => {
      const transport = await transporter((nodemailer) => nodemailer.createTransport(smtpUrl));
      opened = transport;
      const info = await transport.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return { messageId: String(info.messageId) };
    };
  } else {
    deliver = async (message) => {
      const transport = await transporter((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, `no SMTP_URL set: mail written to ${file}`);
      return { messageId: String(info.messageId), file };
    };
  }

  return {
    send: deliver,
    sendLater(message) {
      const job = deliver(message)
        .catch((err: unknown) => log.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close,
  };
}

/** Escape text placed into the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An account mail (resets, notices, staff invitations): its lines, and a button with its link when there is something to do. */
export const accountMail = (to: string, subject: string, lines: string[], action?: { label: string; url: string }): MailMessage => ({
  to,
  subject,
  text: [...lines, ...(action ? [`${action.label}: ${action.url}`] : []), 'Coffee Shop'].join('\n\n'),
  html: [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
    '<p>Coffee Shop</p>',
  ].join('\n'),
});
