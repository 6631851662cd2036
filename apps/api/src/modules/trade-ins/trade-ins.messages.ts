import { formatPrice } from '@dealer/shared';
import type { MailTemplate, MailTemplates } from '../../mail/registry';

/** The customer's car as the e-mails name it: "2018 Ford Focus". */
interface TradeInMail {
  tradeInId: string;
  car: string;
  customerName: string;
}

export interface TradeInOfferMail extends TradeInMail {
  offerCents: number;
  /** In the dealership's time zone. */
  expiresAtText: string;
  note: string | null;
}

/** An offer that lapsed unanswered. */
export type TradeInLapsedMail = Omit<TradeInOfferMail, 'note'>;

export type TradeInNoticeEvent = 'submitted' | 'accepted' | 'declined' | 'lapsed';

export interface TradeInNoticeMail extends TradeInMail {
  event: TradeInNoticeEvent;
  customerEmail: string;
  mileage: number;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'trade-in-offer': TradeInOfferMail;
    'trade-in-notice': TradeInNoticeMail;
    'trade-in-offer-lapsed': TradeInLapsedMail;
  }
}

const dollars = (cents: number) => formatPrice(cents / 100);

const offer: MailTemplate<TradeInOfferMail> = {
  subject: (data) => `Our offer for your ${data.car}: ${dollars(data.offerCents)}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.customerName},`,
    paragraphs: [
      `Thank you for asking us to value your ${data.car}. We can offer ${dollars(data.offerCents)} for it in part exchange.`,
      ...(data.note ? [data.note] : []),
      `The offer is valid until ${data.expiresAtText}. You can accept or decline it in your account.`,
    ],
    details: [
      ['Car', data.car],
      ['Offer', dollars(data.offerCents)],
      ['Valid until', data.expiresAtText],
    ],
    action: { label: 'See the offer', url: `${ctx.baseUrl}/account/trade-ins` },
  }),
};

const lapsed: MailTemplate<TradeInLapsedMail> = {
  subject: (data) => `Our offer for your ${data.car} has expired`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.customerName},`,
    paragraphs: [
      `Our offer of ${dollars(data.offerCents)} for your ${data.car} was valid until ${data.expiresAtText} and has now expired.`,
      'If you would still like to trade it in, send it to us again from your account and we will value it afresh.',
    ],
    details: [
      ['Car', data.car],
      ['Offer', dollars(data.offerCents)],
      ['Was valid until', data.expiresAtText],
    ],
    action: { label: 'Value my trade-in', url: `${ctx.baseUrl}/account/trade-ins` },
  }),
};

const NOTICE_LINES: Record<TradeInNoticeEvent, (d: TradeInNoticeMail) => string> = {
  submitted: (d) => `${d.customerName} asks for a valuation of their ${d.car}.`,
  accepted: (d) => `${d.customerName} accepted the offer for their ${d.car}.`,
  declined: (d) => `${d.customerName} declined the offer for their ${d.car}.`,
  lapsed: (d) => `The offer for ${d.customerName}'s ${d.car} lapsed unanswered.`,
};

const notice: MailTemplate<TradeInNoticeMail> = {
  subject: (data) => `Trade-in ${data.event}: ${data.car} (${data.customerName})`,
  body: (data, ctx) => ({
    greeting: 'Hello team,',
    paragraphs: [NOTICE_LINES[data.event](data)],
    details: [
      ['Car', data.car],
      ['Mileage', `${data.mileage.toLocaleString('en-US')} miles`],
      ['Customer', data.customerName],
      ['Customer e-mail', data.customerEmail],
    ],
    action: { label: 'Open the trade-in', url: `${ctx.baseUrl}/admin/trade-ins/${data.tradeInId}` },
  }),
};

/** A trade-in's e-mails, registered with mail at the composition root. */
export const tradeInMailTemplates: MailTemplates<'trade-in-offer' | 'trade-in-notice' | 'trade-in-offer-lapsed'> = {
  'trade-in-offer': offer,
  'trade-in-notice': notice,
  'trade-in-offer-lapsed': lapsed,
};
