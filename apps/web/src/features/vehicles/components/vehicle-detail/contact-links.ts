import { formatPrice, type Vehicle } from '@dealer/shared';

/** The seller's contact details: the listing's own, else the owner's. */
export function sellerContact(vehicle: Vehicle): { phone: string | null; email: string | null } {
  return {
    phone: vehicle.contactPhone?.trim() || vehicle.owner?.phone?.trim() || null,
    email: vehicle.contactEmail?.trim() || vehicle.owner?.email?.trim() || null,
  };
}

export function listingName(vehicle: Vehicle): string {
  return vehicle.title?.trim() || `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** call, e-mail and WhatsApp links; the messages name the listing and carry its link. */
export function contactLinks(vehicle: Vehicle, pageUrl: string) {
  const { phone, email } = sellerContact(vehicle);
  const name = listingName(vehicle);
  const message = `Hello, I'm interested in your listing "${name}" (${formatPrice(vehicle.price)}): ${pageUrl}`;
  const digits = phone?.replace(/\D/g, '') ?? '';
  return {
    phone,
    email,
    tel: phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null,
    mailto: email
      ? `mailto:${email}?subject=${encodeURIComponent(`Inquiry about ${name}`)}&body=${encodeURIComponent(message)}`
      : null,
    whatsapp: digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null,
  };
}
