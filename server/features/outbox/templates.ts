/**
 * What each message says, in English and Hindi. Rendered when it is sent, from the data stored with the
 * outbox row, so a template fix reaches messages still waiting. Every template gives an e-mail (subject,
 * text, HTML) and the ordered values an SMS flow or a WhatsApp template fills its variables with.
 */
type Language = 'en' | 'hi';
export type Rendered = { subject: string; text: string; html: string; vars: string[] };
type Data = Record<string, unknown>;

const CUSTOMER_TEMPLATES = [
  'order_placed',
  'order_shipped',
  'order_delivered',
  'review_invite',
  'order_cancelled',
  'refund_processed',
  'return_updated',
  'piece_ready',
  'password_code',
  'signin_code',
  'grievance_received',
  'grievance_updated',
  'business_updated',
  'quote_answered',
  'due_reminder',
  'newsletter_confirm',
] as const;
const MERCHANT_TEMPLATES = [
  'merchant_new_order',
  'merchant_flagged_payment',
  'merchant_low_stock',
  'merchant_grievance',
  'merchant_quote_requested',
] as const;
type TemplateName = (typeof CUSTOMER_TEMPLATES)[number] | (typeof MERCHANT_TEMPLATES)[number];

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const rupees = (v: unknown) =>
  `₹${Number(v ?? 0).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An instant as India reads it: "30 Nov 2026, 4:30 pm". */
const indiaDateTime = (v: unknown) =>
  new Date(str(v)).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

type Line = { name: string; quantity: number; price: number };
const linesOf = (d: Data): Line[] => (Array.isArray(d.items) ? (d.items as Line[]) : []);
type Shipping = { name: string; price: number; mindays: number; maxdays: number };
/** The order's shipping as a line of the items (the rate, its days and price), when the order has one. */
function shippingLine(d: Data, lang: Language): Line | null {
  const s = d.shipping as Shipping | undefined;
  if (!s || typeof s !== 'object') return null;
  const name =
    lang === 'hi'
      ? `शिपिंग: ${s.name} (${s.mindays}–${s.maxdays} कार्य दिवस)`
      : `Shipping: ${s.name} (${s.mindays}–${s.maxdays} business days)`;
  return { name, quantity: 1, price: s.price };
}

function page(title: string, paragraphs: string[], shopUrl: string, table?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${esc(p)}</p>`).join('');
  return (
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:600px;margin:auto">` +
    `<h2 style="color:#7c2d12">${esc(title)}</h2>${body}${table ?? ''}` +
    `<p style="margin-top:24px;font-size:12px;color:#6b7280">Ratna Gems · <a href="${esc(shopUrl)}">${esc(shopUrl)}</a></p>` +
    `</body></html>`
  );
}

function itemsTable(lines: Line[], lang: Language) {
  const head = lang === 'hi' ? ['वस्तु', 'मात्रा', 'मूल्य'] : ['Item', 'Qty', 'Price'];
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px">${esc(str(l.name))}</td><td style="padding:4px 8px;text-align:right">${l.quantity}</td>` +
        `<td style="padding:4px 8px;text-align:right">${esc(rupees(l.price))}</td></tr>`,
    )
    .join('');
  return (
    `<table style="border-collapse:collapse;margin:8px 0 16px"><thead><tr>` +
    head.map((h) => `<th style="padding:4px 8px;text-align:left;border-bottom:1px solid #e5e7eb">${h}</th>`).join('') +
    `</tr></thead><tbody>${rows}</tbody></table>`
  );
}

const itemsText = (lines: Line[]) => lines.map((l) => `- ${l.name} × ${l.quantity}: ${rupees(l.price)}`).join('\n');

/** Renders a template; shopUrl is the shop's public address (links in messages). */
export function render(template: string, lang: Language, d: Data, shopUrl: string): Rendered {
  const hi = lang === 'hi';
  const no = str(d.orderNo);
  const ordersUrl = `${shopUrl}/my-orders`;
  const make = (subject: string, paras: string[], vars: string[], table?: string, extraText = ''): Rendered => ({
    subject,
    text: `${paras.join('\n\n')}${extraText ? `\n\n${extraText}` : ''}\n\nRatna Gems · ${shopUrl}`,
    html: page(subject, paras, shopUrl, table),
    vars,
  });
  switch (template as TemplateName) {
    case 'order_placed': {
      const ship = shippingLine(d, lang);
      const shipto = str(d.shipto);
      const lines = ship ? [...linesOf(d), ship] : linesOf(d);
      const total = rupees(d.total);
      return hi
        ? make(
            `आपका ऑर्डर ${no} मिल गया है`,
            [
              `नमस्ते ${str(d.fullname)},`,
              `धन्यवाद! आपका भुगतान मिल गया है और ऑर्डर ${no} (कुल ${total}) दर्ज हो गया है।`,
              ...(shipto ? [`डिलीवरी का पता: ${shipto}`] : []),
              `अपने ऑर्डर यहाँ देखें: ${ordersUrl}`,
            ],
            [no, total],
            itemsTable(lines, lang),
            itemsText(lines),
          )
        : make(
            `Your order ${no} is confirmed`,
            [
              `Hello ${str(d.fullname)},`,
              `Thank you! We have received your payment and your order ${no} (total ${total}) is placed.`,
              ...(shipto ? [`Shipping to: ${shipto}`] : []),
              `Follow your orders at ${ordersUrl}`,
            ],
            [no, total],
            itemsTable(lines, lang),
            itemsText(lines),
          );
    }
    case 'order_shipped': {
      const track = str(d.trackingurl);
      const carrier = `${str(d.carrier)} ${str(d.trackingnumber)}`.trim();
      return hi
        ? make(
            `आपका ऑर्डर ${no} भेज दिया गया है`,
            [`आपका ऑर्डर ${no} ${carrier} से भेज दिया गया है।`, track ? `ट्रैक करें: ${track}` : `ऑर्डर: ${ordersUrl}`],
            [no, carrier, track || ordersUrl],
          )
        : make(
            `Your order ${no} has shipped`,
            [`Your order ${no} is on its way with ${carrier}.`, track ? `Track it: ${track}` : `See it at ${ordersUrl}`],
            [no, carrier, track || ordersUrl],
          );
    }
    case 'order_delivered':
      return hi
        ? make(`आपका ऑर्डर ${no} पहुँच गया है`, [`आपका ऑर्डर ${no} पहुँचा दिया गया है। हमसे खरीदारी के लिए धन्यवाद।`], [no])
        : make(`Your order ${no} was delivered`, [`Your order ${no} has been delivered. Thank you for shopping with us.`], [no]);
    case 'review_invite':
      return hi
        ? make(
            `आपका ऑर्डर ${no} कैसा लगा?`,
            [`आपका ऑर्डर ${no} पहुँच गया है। अपनी समीक्षा लिखें, इससे दूसरे खरीदारों को मदद मिलती है: ${ordersUrl}`],
            [no, ordersUrl],
          )
        : make(
            `How was your order ${no}?`,
            [`Your order ${no} has been delivered. Write a review from My Orders to help other buyers: ${ordersUrl}`],
            [no, ordersUrl],
          );
    case 'order_cancelled': {
      const reason = str(d.reason);
      return hi
        ? make(
            `आपका ऑर्डर ${no} रद्द कर दिया गया है`,
            [`आपका ऑर्डर ${no} रद्द कर दिया गया है।${reason ? ` कारण: ${reason}` : ''}`, 'भुगतान की गई राशि वापस कर दी जाएगी।'],
            [no],
          )
        : make(
            `Your order ${no} was cancelled`,
            [`Your order ${no} has been cancelled.${reason ? ` Reason: ${reason}` : ''}`, 'What you paid will be refunded.'],
            [no],
          );
    }
    case 'piece_ready':
      return hi
        ? make(
            `ऑर्डर ${no} का आभूषण तैयार है`,
            [`ऑर्डर ${no} के लिए आपके लिए बनाया गया आभूषण तैयार है। पूरा ऑर्डर तैयार होते ही हम उसे भेज देंगे।`],
            [no],
          )
        : make(
            `Your piece for order ${no} is ready`,
            [`The jewellery made for you for order ${no} is ready. We ship the order as soon as all of it is ready.`],
            [no],
          );
    case 'due_reminder': {
      const due = str(d.due);
      const date = str(d.duedate).split('-').reverse().join('-');
      const days = Number(d.days ?? 0);
      const link = str(d.link);
      const when =
        str(d.kind) === 'before'
          ? hi
            ? `${days} दिन में, ${date} को देय है`
            : `is due in ${days} day${days === 1 ? '' : 's'}, on ${date}`
          : str(d.kind) === 'on'
            ? hi
              ? `${date} को देय था`
              : days === 0
                ? `is due today, ${date}`
                : `was due on ${date}`
            : hi
              ? `${date} को देय था और ${days} दिन से बकाया है`
              : `was due on ${date} and is ${days} days overdue`;
      const pay = link || ordersUrl;
      return hi
        ? make(
            `ऑर्डर ${no}: ${due} ${when}`,
            [`नमस्ते ${str(d.fullname)},`, `ऑर्डर ${no} का ${due} ${when}।`, `भुगतान करें: ${pay}`],
            [no, due, date, pay],
          )
        : make(
            `Order ${no}: ${due} ${when}`,
            [`Hello ${str(d.fullname)},`, `${due} on order ${no} ${when}.`, `Pay it here: ${pay}`],
            [no, due, date, pay],
          );
    }
    case 'refund_processed': {
      const amount = rupees(d.amount);
      return hi
        ? make(
            `ऑर्डर ${no} का रिफ़ंड`,
            [`ऑर्डर ${no} के लिए ${amount} का रिफ़ंड कर दिया गया है। यह 5–7 कार्यदिवसों में आपके खाते में दिखेगा।`],
            [no, amount],
          )
        : make(
            `Refund for order ${no}`,
            [`We have refunded ${amount} for order ${no}. It reaches your account in 5–7 working days.`],
            [no, amount],
          );
    }
    case 'return_updated': {
      const status = str(d.status);
      const note = str(d.note);
      const hiStatus: Record<string, string> = {
        requested: 'अनुरोध मिला',
        approved: 'स्वीकृत',
        rejected: 'अस्वीकृत',
        received: 'प्राप्त',
      };
      return hi
        ? make(
            `ऑर्डर ${no} की वापसी: ${hiStatus[status] ?? status}`,
            [`ऑर्डर ${no} की वापसी: ${hiStatus[status] ?? status}।${note ? ` ${note}` : ''}`],
            [no, hiStatus[status] ?? status],
          )
        : make(
            `Return for order ${no}: ${status}`,
            [`Your return for order ${no} is ${status}.${note ? ` ${note}` : ''}`],
            [no, status],
          );
    }
    case 'signin_code': {
      const code = str(d.code);
      return hi
        ? make(
            'साइन इन करने का कोड',
            [`Ratna Gems पर साइन इन करने का आपका कोड ${code} है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।`],
            [code],
          )
        : make(
            'Your sign-in code',
            [`Your Ratna Gems sign-in code is ${code}. It is valid for 10 minutes. Do not share it.`],
            [code],
          );
    }
    case 'password_code': {
      const code = str(d.code);
      return hi
        ? make(
            'पासवर्ड बदलने का कोड',
            [`Ratna Gems पर पासवर्ड बदलने का आपका कोड ${code} है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।`],
            [code],
          )
        : make(
            'Your password reset code',
            [`Your Ratna Gems password reset code is ${code}. It is valid for 10 minutes. Do not share it.`],
            [code],
          );
    }
    case 'grievance_received': {
      const ticket = str(d.number);
      const ack = indiaDateTime(d.acknowledgeby);
      const by = indiaDateTime(d.resolveby);
      return hi
        ? make(
            `आपकी शिकायत ${ticket} मिल गई है`,
            [
              `आपकी शिकायत "${str(d.subject)}" दर्ज हो गई है। टिकट संख्या: ${ticket}।`,
              `हमारे शिकायत अधिकारी ${ack} तक उत्तर देंगे और ${by} तक इसका समाधान करेंगे।`,
            ],
            [ticket, by],
          )
        : make(
            `We have received your grievance ${ticket}`,
            [
              `Your grievance "${str(d.subject)}" is registered as ticket ${ticket}.`,
              `Our grievance officer will reply by ${ack} and resolve it by ${by}.`,
            ],
            [ticket, by],
          );
    }
    case 'grievance_updated': {
      const ticket = str(d.number);
      const resolved = str(d.status) === 'resolved';
      return hi
        ? make(
            `आपकी शिकायत ${ticket}: ${resolved ? 'समाधान हो गया' : 'नया उत्तर'}`,
            [`शिकायत अधिकारी का उत्तर: ${str(d.reply)}`, `अपनी शिकायतें यहाँ देखें: ${shopUrl}/account`],
            [ticket, resolved ? 'समाधान हो गया' : 'खुली'],
          )
        : make(
            `Your grievance ${ticket}: ${resolved ? 'resolved' : 'a reply'}`,
            [`The grievance officer replied: ${str(d.reply)}`, `See your grievances at ${shopUrl}/account`],
            [ticket, resolved ? 'resolved' : 'open'],
          );
    }
    case 'newsletter_confirm': {
      const token = encodeURIComponent(str(d.token));
      const confirmUrl = `${shopUrl}/newsletter/confirm?token=${token}`;
      const unsubscribeUrl = `${shopUrl}/newsletter/unsubscribe?token=${token}`;
      return hi
        ? make(
            'अपनी न्यूज़लेटर सदस्यता की पुष्टि करें',
            [
              'आपने Ratna Gems से नए आगमन और ऑफ़र ई-मेल पर पाने के लिए साइन अप किया है।',
              `पुष्टि करने के लिए यह लिंक खोलें: ${confirmUrl}`,
              `यदि आपने साइन अप नहीं किया, तो कुछ न करें: पुष्टि के बिना आपको कुछ नहीं भेजा जाएगा। कभी भी सदस्यता छोड़ें: ${unsubscribeUrl}`,
            ],
            [confirmUrl, unsubscribeUrl],
          )
        : make(
            'Confirm your newsletter subscription',
            [
              'You asked to receive new arrivals and offers from Ratna Gems by e-mail.',
              `Confirm your subscription: ${confirmUrl}`,
              `If you did not ask, do nothing: without your confirmation nothing is sent to you. Unsubscribe at any time: ${unsubscribeUrl}`,
            ],
            [confirmUrl, unsubscribeUrl],
          );
    }
    case 'merchant_grievance':
      return make(
        `New grievance ${str(d.number)}: ${str(d.subject)}`,
        [
          `${str(d.name)} filed grievance ${str(d.number)}. Acknowledge it by ${indiaDateTime(d.acknowledgeby)} and resolve it by ${indiaDateTime(d.resolveby)}.`,
          `Open it: ${shopUrl}/dashboard/grievances`,
        ],
        [str(d.number), indiaDateTime(d.resolveby)],
      );
    case 'business_updated': {
      const status = str(d.status);
      const name = str(d.name);
      const reason = str(d.reason);
      const hiStatus: Record<string, string> = { approved: 'स्वीकृत', rejected: 'अस्वीकृत', suspended: 'निलंबित' };
      const en: Record<string, string> = {
        approved: `Your business account for ${name} is approved: sign in to see your trade prices.`,
        rejected: `Your business account application for ${name} was not approved.`,
        suspended: `Your business account for ${name} is suspended; you will pay retail prices until it is restored.`,
      };
      const why = reason ? ` ${reason}` : '';
      return hi
        ? make(
            `व्यापार खाता ${hiStatus[status] ?? status}`,
            [`${name} का व्यापार खाता ${hiStatus[status] ?? status} है।${why}`],
            [name, hiStatus[status] ?? status],
          )
        : make(`Business account ${status}`, [`${en[status] ?? `Your business account is ${status}.`}${why}`], [name, status]);
    }
    case 'merchant_new_order': {
      const total = rupees(d.total);
      return make(
        `New order ${no}: ${total}`,
        [
          `${str(d.customer)} placed order ${no} for ${total} (${linesOf(d).length} line(s)).`,
          ...(d.shipto ? [`Ship to: ${str(d.shipto)}`] : []),
          `Open it: ${shopUrl}/dashboard/orders`,
        ],
        [no, total],
        itemsTable(linesOf(d), 'en'),
        itemsText(linesOf(d)),
      );
    }
    case 'merchant_flagged_payment':
      return make(
        `Payment needs attention: order ${no}`,
        [`The payment for order ${no} (${rupees(d.total)}) was flagged: ${str(d.flag)}. Do not ship it before checking.`],
        [no, str(d.flag)],
      );
    case 'quote_answered': {
      const num = str(d.number);
      const note = str(d.note);
      const quotesUrl = `${shopUrl}/account`;
      if (str(d.status) === 'declined') {
        return hi
          ? make(`कोटेशन ${num} अस्वीकृत`, [`आपका कोटेशन अनुरोध ${num} स्वीकार नहीं किया गया।`, note], [num, 'declined'])
          : make(
              `Quote ${num} declined`,
              [`Your request for quotation ${num} was declined.`, ...(note ? [note] : [])],
              [num, 'declined'],
            );
      }
      const total = rupees(d.total);
      const until = indiaDateTime(d.validuntil);
      return hi
        ? make(
            `कोटेशन ${num}: ${total}`,
            [`आपके कोटेशन ${num} का मूल्य ${total} है, ${until} तक मान्य।`, ...(note ? [note] : []), `भुगतान करें: ${quotesUrl}`],
            [num, total],
            itemsTable(linesOf(d), lang),
            itemsText(linesOf(d)),
          )
        : make(
            `Your quote ${num}: ${total}`,
            [
              `Your quote ${num} is priced at ${total}, valid until ${until}.`,
              ...(note ? [note] : []),
              `Accept and pay it at ${quotesUrl}`,
            ],
            [num, total],
            itemsTable(linesOf(d), lang),
            itemsText(linesOf(d)),
          );
    }
    case 'merchant_quote_requested':
      return make(
        `Quote requested ${str(d.number)}`,
        [
          `${str(d.name)} asked for a price on ${linesOf(d).length} line(s) (${str(d.number)}).`,
          ...(str(d.note) ? [`Note: ${str(d.note)}`] : []),
          `Price it: ${shopUrl}/dashboard/quotes`,
        ],
        [str(d.number), String(linesOf(d).length)],
        itemsTable(linesOf(d), lang),
        itemsText(linesOf(d)),
      );
    case 'merchant_low_stock':
      return make(
        `Low stock: ${str(d.productname)}`,
        [`${str(d.productname)} has ${str(d.stock)} left in stock.`],
        [str(d.productname), str(d.stock)],
      );
    default:
      throw new Error(`unknown template ${template}`);
  }
}
