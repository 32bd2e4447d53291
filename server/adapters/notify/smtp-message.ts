/**
 * An email as SMTP DATA (RFC 5322 + MIME): multipart/alternative with a plain-text and an HTML
 * part, each UTF-8 in base64 (76-character lines), non-ASCII subjects as RFC 2047 encoded words.
 * Header values are stripped of CR and LF, so no input can add a header (header injection).
 */
import { randomUUID } from 'node:crypto';
import type { MailMessage } from './types';

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').trim();

function encodeHeader(value: string): string {
  const v = oneLine(value);
  return /^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${Buffer.from(v, 'utf8').toString('base64')}?=`;
}

function base64Lines(text: string): string {
  return (Buffer.from(text, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** The bare address of "Name <a@b>" or "a@b". */
export function addressOf(mailbox: string): string {
  const m = /<([^<>]+)>\s*$/.exec(mailbox);
  return oneLine(m?.[1] ?? mailbox);
}

export function buildMessage(from: string, m: MailMessage, now: Date, domain = 'partsdesk.local'): string {
  const boundary = `pd-${randomUUID()}`;
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(m.to)}`,
    `Subject: ${encodeHeader(m.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  return [...headers, '', part('text/plain', m.text), part('text/html', m.html), `--${boundary}--`, ''].join('\r\n');
}

/** DATA transparency (RFC 5321 4.5.2): a line starting with "." gets another one; ends with CRLF.CRLF. */
export function dotStuff(message: string): string {
  const body = message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
  return `${body.endsWith('\r\n') ? body : `${body}\r\n`}.\r\n`;
}
