import { formatPrice, type SavedSearchFrequency } from '@dealer/shared';
import type { MailTemplate, MailTemplates, RenderContext } from '../../mail/registry';

/** One digest: the new matches of an account's saved searches of one frequency and drops on its saved cars. */
export interface SavedSearchDigestMail {
  name: string;
  frequency: SavedSearchFrequency;
  matches: { vehicleId: string; title: string; price: number; searchName: string }[];
  drops: { vehicleId: string; title: string; oldPrice: number; newPrice: number }[];
  /** The unsubscribe link's token (the account and frequency, signed for that purpose alone). */
  unsubscribeToken: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'saved-search-digest': SavedSearchDigestMail;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The page a person opens from the e-mail (it unsubscribes as it opens), and the address mail programs POST to. */
export const unsubscribePageUrl = (ctx: Pick<RenderContext, 'baseUrl'>, token: string) =>
  `${ctx.baseUrl}/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribeApiUrl = (ctx: Pick<RenderContext, 'baseUrl'>, token: string) =>
  `${ctx.baseUrl}/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;

const digest: MailTemplate<SavedSearchDigestMail> = {
  subject: (data) => {
    const parts = [
      data.matches.length ? plural(data.matches.length, 'new car', 'new cars') : '',
      data.drops.length ? plural(data.drops.length, 'price drop', 'price drops') : '',
    ].filter(Boolean);
    return `Your saved searches: ${parts.join(', ')}`;
  },
  body: (data, ctx) => {
    const car = (id: string) => `${ctx.baseUrl}/vehicles/${id}`;
    const searches = [...new Set(data.matches.map((m) => m.searchName))];
    return {
      greeting: `Hello ${data.name},`,
      paragraphs: [
        ...(data.matches.length ? [`New cars for ${searches.map((s) => `"${s}"`).join(', ')}:`] : []),
        ...data.matches.map((m) => `${m.title}, ${formatPrice(m.price)}: ${car(m.vehicleId)}`),
        ...(data.drops.length ? ['Price drops on your saved cars:'] : []),
        ...data.drops.map(
          (d) => `${d.title}: now ${formatPrice(d.newPrice)}, was ${formatPrice(d.oldPrice)} (${formatPrice(d.oldPrice - d.newPrice)} less): ${car(d.vehicleId)}`,
        ),
      ],
      action: { label: 'Manage saved searches', url: `${ctx.baseUrl}/account/saved-searches` },
      footnote: `You get this ${data.frequency === 'Instantly' ? 'as soon as we find a car' : data.frequency === 'Daily' ? 'once a day' : 'once a week'} because you saved a search. Unsubscribe in one click with the link below.`,
      unsubscribeUrl: unsubscribePageUrl(ctx, data.unsubscribeToken),
    };
  },
  // RFC 8058: a mail program offers 'Unsubscribe' and POSTs `List-Unsubscribe=One-Click` to this address.
  headers: (data, ctx) => ({
    'List-Unsubscribe': `<${unsubscribeApiUrl(ctx, data.unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }),
};

export const savedSearchMailTemplates: MailTemplates<'saved-search-digest'> = { 'saved-search-digest': digest };
