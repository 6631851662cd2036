import { Calendar, Mail, Phone } from 'lucide-react';
import { formatLongDate, type Vehicle } from '@dealer/shared';
import { UserAvatar } from '@/components/layout/user-avatar';
import { resolveImageUrl } from '@/lib/image-url';
import { sellerContact } from './contact-links';

/** The seller: name, avatar, member since, phone and e-mail. */
export function SellerCard({ vehicle }: { vehicle: Vehicle }) {
  const owner = vehicle.owner;
  const { phone, email } = sellerContact(vehicle);
  return (
    <section aria-labelledby="seller-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="seller-heading" className="text-lg font-semibold text-slate-900">
        Seller Information
      </h2>
      {owner ? (
        <div className="mt-4 grid gap-3 text-sm">
          <div className="flex items-center gap-3">
            <UserAvatar name={owner.name} src={resolveImageUrl(owner.avatar)} className="size-12 text-base" />
            <div>
              <p className="font-semibold text-slate-900">{owner.name}</p>
              <p className="flex items-center gap-1.5 text-slate-600">
                <Calendar className="size-3.5" aria-hidden /> Member since {formatLongDate(owner.createdAt)}
              </p>
            </div>
          </div>
          {phone && (
            <p className="flex items-center gap-2 text-slate-700">
              <Phone className="size-4 text-slate-400" aria-hidden />
              <span className="sr-only">Phone:</span>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                {phone}
              </a>
            </p>
          )}
          {email && (
            <p className="flex items-center gap-2 break-all text-slate-700">
              <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="sr-only">E-mail:</span>
              <a href={`mailto:${email}`} className="hover:underline">
                {email}
              </a>
            </p>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Seller information not available</p>
      )}
    </section>
  );
}
