import { CONTACT_CHANNELS, type ContactChannel } from '@dealer/shared';
import { Card } from '@/components/ui/card';
import { useContactClicks } from '../api/get-contact-clicks';

const LABELS: Record<ContactChannel, string> = { phone: 'Phone', email: 'E-mail', whatsapp: 'WhatsApp' };

/** How often visitors used the car page's phone, e-mail and WhatsApp buttons. */
export function ContactClicksCard({ vehicleId }: { vehicleId: string }) {
  const { data, isError } = useContactClicks(vehicleId);
  return (
    <Card title="Contact button clicks">
      {isError ? (
        <p className="text-sm text-slate-600">The clicks could not be loaded.</p>
      ) : !data ? (
        <p className="text-sm text-slate-600" role="status">
          Loading clicks...
        </p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Clicks on this car&apos;s contact buttons</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 uppercase">
              <th scope="col" className="py-1 font-medium">Button</th>
              <th scope="col" className="py-1 text-right font-medium">Last 30 days</th>
              <th scope="col" className="py-1 text-right font-medium">All time</th>
            </tr>
          </thead>
          <tbody>
            {CONTACT_CHANNELS.map((channel) => (
              <tr key={channel} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 text-left font-normal text-slate-800">{LABELS[channel]}</th>
                <td className="py-1.5 text-right font-semibold text-slate-900">{data.last30Days[channel]}</td>
                <td className="py-1.5 text-right text-slate-800">{data.allTime[channel]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
