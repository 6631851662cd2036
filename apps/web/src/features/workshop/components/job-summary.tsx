import { formatNumber, formatWeekdayDate, type WorkshopJob } from '@dealer/shared';
import { Badge } from '@/components/ui/badge';
import { DetailItem } from '@/components/ui/card';
import { imageSrcSet } from '@/lib/image-url';

/** A job's car, service, time and the customer's notes; with its check-in and damage photos once there is one. */
export function JobSummary({ job, headingLevel = 2 }: { job: WorkshopJob; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const car = `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model}`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="text-base font-semibold text-slate-900">
          {car} · {job.vehicle.registration}
        </Heading>
        <Badge tone="blue">{job.stage}</Badge>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <DetailItem label="Service">{job.specificService}</DetailItem>
        <DetailItem label="Place">{job.resource}</DetailItem>
        <DetailItem label="When">
          {formatWeekdayDate(job.appointmentDate)}, {job.appointmentTime}
        </DetailItem>
        <DetailItem label="Customer">
          {job.customer.name} · {job.customer.phone}
        </DetailItem>
        <DetailItem label="Technician">{job.technician ?? 'Not assigned'}</DetailItem>
        <DetailItem label="Customer's notes" className="sm:col-span-2">
          {job.additionalNotes || 'None'}
        </DetailItem>
        {job.checkIn && (
          <>
            <DetailItem label="Odometer">{formatNumber(job.checkIn.odometer)} miles</DetailItem>
            <DetailItem label="Fuel level">{job.checkIn.fuelLevel}</DetailItem>
            <DetailItem label="Check-in notes" className="sm:col-span-2">
              {job.checkIn.notes || 'None'}
            </DetailItem>
          </>
        )}
      </dl>
      {job.checkIn && job.checkIn.photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Check-in photos of the ${car}`}>
          {job.checkIn.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-brand-600">
                <img
                  src={photo.sizes[0]?.url ?? photo.url}
                  srcSet={imageSrcSet(photo.sizes)}
                  sizes="(min-width: 640px) 25vw, 50vw"
                  alt={`Check-in photo ${index + 1} of ${job.checkIn!.photos.length}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
