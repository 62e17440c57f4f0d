import nodemailer from 'nodemailer';
import type { Rendered } from './templates.js';

/** A send that failed. `permanent`: the provider refused the message itself (trying again would not help). */
export class SendError extends Error {
  constructor(
    message: string,
    public permanent: boolean,
  ) {
    super(message);
  }
}
/** The channel has no settings: the message is recorded as skipped. */
export class NotConfigured extends Error {}

export type Attachment = { filename: string; content: Buffer; contentType: string };
export type OutgoingMessage = {
  /** The outbox row id: e-mails carry it as their Message-ID, so a repeat is recognisably the same mail. */
  id: string;
  to: string;
  template: string;
  language: 'en' | 'hi';
  rendered: Rendered;
  attachments?: Attachment[];
};

type ChannelSettings = {
  email?: { smtpUrl: string; from: string };
  sms?: { authkey: string; apiBase: string; sender?: string; templates: Record<string, string> };
  whatsapp?: { token: string; phoneId: string; apiBase: string };
};

export interface Channel {
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

const SEND_TIMEOUT_MS = 20_000;

/** Indian mobile numbers with the 91 country prefix, as MSG91 and WhatsApp want them. */
const withCountryCode = (mobileno: string) => (mobileno.length === 10 ? `91${mobileno}` : mobileno);

async function postJson(url: string, headers: Record<string, string>, body: unknown, what: string) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SendError(`${what} unreachable: ${(err as Error).message}`, false);
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 500 || res.status === 429 || res.status === 408) {
    throw new SendError(`${what} answered ${res.status}: ${text.slice(0, 200)}`, false);
  }
  if (res.status >= 400) throw new SendError(`${what} refused the message (${res.status}): ${text.slice(0, 200)}`, true);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** E-mail over SMTP (nodemailer): HTML and text, attachments (the invoice). */
export function emailChannel(settings: NonNullable<ChannelSettings['email']>, domain: string): Channel {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(m) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: m.to,
          subject: m.rendered.subject,
          text: m.rendered.text,
          html: m.rendered.html,
          messageId: `<${m.id}@${domain}>`,
          attachments: m.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // SMTP 5xx is a permanent refusal (no such mailbox); 4xx and connection failures are worth another try.
        throw new SendError(`SMTP: ${(err as Error).message}`, typeof code === 'number' && code >= 500);
      }
    },
    close: () => transport.close(),
  };
}

/** SMS through MSG91's Flow API v5: one approved template (flow) per message kind, its variables var1, var2…. */
export function smsChannel(settings: NonNullable<ChannelSettings['sms']>): Channel {
  return {
    async send(m) {
      const templateId = settings.templates[m.template];
      if (!templateId) throw new NotConfigured(`no MSG91 template id for ${m.template}`);
      const recipient: Record<string, string> = { mobiles: withCountryCode(m.to) };
      m.rendered.vars.forEach((v, i) => {
        recipient[`var${i + 1}`] = v;
      });
      const body = {
        template_id: templateId,
        short_url: '0',
        ...(settings.sender ? { sender: settings.sender } : {}),
        ...(m.language === 'hi' ? { unicode: 1 } : {}),
        recipients: [recipient],
      };
      const answer = await postJson(`${settings.apiBase}/api/v5/flow`, { authkey: settings.authkey }, body, 'MSG91');
      if (answer.type === 'error') throw new SendError(`MSG91 refused the message: ${String(answer.message ?? '')}`, true);
    },
  };
}

/** WhatsApp Cloud API template messages; the template name is the message kind, its language the user's. */
export function whatsappChannel(settings: NonNullable<ChannelSettings['whatsapp']>): Channel {
  return {
    async send(m) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: withCountryCode(m.to),
        type: 'template',
        template: {
          name: m.template,
          language: { code: m.language },
          components: m.rendered.vars.length
            ? [{ type: 'body', parameters: m.rendered.vars.map((text) => ({ type: 'text', text })) }]
            : [],
        },
      };
      await postJson(
        `${settings.apiBase}/${encodeURIComponent(settings.phoneId)}/messages`,
        { authorization: `Bearer ${settings.token}` },
        body,
        'WhatsApp',
      );
    },
  };
}
