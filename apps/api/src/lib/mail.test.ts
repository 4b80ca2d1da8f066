import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../test/smtp.js';
import { createMailer } from './mail.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-mail-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const message = { to: 'ana@example.test', subject: 'Your order', text: 'Thank you for your order.', html: '<p>Thank you</p>' };

describe('createMailer', () => {
  it('without SMTP_URL writes each mail as an .eml file in the outbox and logs where', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const logged: string[] = [];
    const mailer = createMailer(
      { mail: { smtpUrl: undefined, from: 'Coffee Shop <shop@example.test>', outboxDir } },
      { info: (_, msg) => logged.push(msg), error: (_, msg) => logged.push(msg) },
    );
    const receipt = await mailer.send(message);
    expect(receipt.file).toBeDefined();
    expect(path.dirname(receipt.file ?? '')).toBe(outboxDir);
    const eml = fs.readFileSync(receipt.file ?? '', 'utf8');
    expect(eml).toMatch(/^From: Coffee Shop <shop@example\.test>$/m);
    expect(eml).toMatch(/^To: ana@example\.test$/m);
    expect(eml).toMatch(/^Subject: Your order$/m);
    expect(eml).toContain('Thank you for your order.');
    expect(logged).toEqual([`no SMTP_URL set: mail written to ${receipt.file}`]);
  });

  it('with SMTP_URL delivers over SMTP', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createMailer({ mail: { smtpUrl: smtp.url, from: 'shop@example.test', outboxDir: path.join(dataDir, 'unused') } });
    try {
      mailer.sendLater(message);
      await mailer.idle();
      const mail = await smtp.waitForMail((m) => m.to.includes('ana@example.test'));
      expect(mail.subject).toBe('Your order');
      expect(mail.text).toContain('Thank you for your order.');
      expect(fs.existsSync(path.join(dataDir, 'unused'))).toBe(false);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('sendLater logs a failure instead of throwing', async () => {
    const errors: string[] = [];
    // Nothing listens on port 9 locally: the connection is refused.
    const mailer = createMailer(
      { mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'shop@example.test', outboxDir: dataDir } },
      { info: () => undefined, error: (_, msg) => errors.push(msg) },
    );
    mailer.sendLater(message);
    await mailer.idle();
    mailer.close();
    expect(errors).toEqual(['mail could not be sent']);
  });
});
