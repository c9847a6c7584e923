// Reading the mails the server wrote to its outbox (.eml files): headers, the text and html parts
// of a multipart mail and its attachments, without a mail library, so API, unit and e2e tests share it.

/** A part of a mail (or the whole of a single-part one): its headers and decoded body. */
interface MailPart {
  head: string;
  body: Buffer;
}

function splitPart(raw: string): MailPart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const rest = split ? raw.slice(split.index + split[0].length) : '';
  let body: Buffer;
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = rest.replace(/\r\n/g, '\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, 'latin1');
  } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
    body = Buffer.from(rest, 'base64');
  } else body = Buffer.from(rest.replace(/\r\n/g, '\n'), 'utf8');
  return { head, body };
}

/** The leaf parts of a MIME message, depth first (a multipart's parts in their order). */
function leafParts(raw: string): MailPart[] {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const boundary = /content-type:\s*multipart\/[^;]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/i.exec(head)?.[1];
  if (!boundary) return [splitPart(raw)];
  const body = raw.slice(split!.index + split![0].length);
  const pieces = body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leafParts(p.replace(/^\r?\n/, '')));
}

const headerOf = (head: string, name: string) => new RegExp(`^${name}: ?(.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';

/**
 * An outbox .eml: recipient, subject, the decoded text (the text/plain part of a multipart mail),
 * its html part and its attachments (an inline image's `cid` without the angle brackets).
 */
export function readMail(eml: string): {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { contentType: string; cid: string; filename: string; content: Buffer }[];
} {
  const parts = leafParts(eml);
  const typeOf = (p: MailPart) => headerOf(p.head, 'Content-Type').split(';')[0]!.toLowerCase() || 'text/plain';
  const isAttachment = (p: MailPart) => /content-disposition:\s*(attachment|inline)/i.test(p.head) || !typeOf(p).startsWith('text/');
  const text = parts.find((p) => typeOf(p) === 'text/plain' && !isAttachment(p));
  const html = parts.find((p) => typeOf(p) === 'text/html' && !isAttachment(p));
  const top = splitPart(eml).head;
  return {
    to: headerOf(top, 'To'),
    subject: headerOf(top, 'Subject'),
    text: text?.body.toString('utf8') ?? '',
    html: html?.body.toString('utf8') ?? '',
    attachments: parts.filter(isAttachment).map((p) => ({
      contentType: typeOf(p),
      cid: headerOf(p.head, 'Content-ID').replace(/^<|>$/g, ''),
      filename: /filename="?([^";\r\n]+)"?/i.exec(p.head)?.[1] ?? '',
      content: p.body,
    })),
  };
}
