import { PhoneCall, Siren } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { CONTACT } from '@/config/paths';
import { telHref } from '@/lib/tel-href';
import { useMaintenanceSettings } from '../api/get-settings';

/** The 'Emergency Service' banner; its button dials the workshop's configured emergency number. */
export function EmergencyBanner() {
  const settings = useMaintenanceSettings();
  const phone = settings.data?.emergencyPhone ?? CONTACT.emergencyPhone;
  return (
    <section aria-labelledby="emergency-title" className="flex flex-col gap-4 rounded-xl bg-red-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-4">
        <Siren className="mt-1 size-8 shrink-0" aria-hidden />
        <div>
          <h2 id="emergency-title" className="text-xl font-bold">
            Emergency Service
          </h2>
          <p className="mt-1 text-sm text-red-50">
            Broken down or stranded? Our emergency team is on call around the clock. Call us on <span className="font-semibold whitespace-nowrap">{phone}</span>.
          </p>
        </div>
      </div>
      <a href={telHref(phone)} className={buttonVariants({ variant: 'light', size: 'lg', className: 'shrink-0 text-red-800 hover:bg-red-50' })}>
        <PhoneCall aria-hidden /> Call Emergency Service
      </a>
    </section>
  );
}
