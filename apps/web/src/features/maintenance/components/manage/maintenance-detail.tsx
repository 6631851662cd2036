import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { findMaintenanceCategory, formatDateTime, formatCalendarDay, formatPrice, type MaintenanceAppointment } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { mayOpen } from '@/lib/staff-areas';
import { useMaintenanceRequest } from '../../api/get-maintenance-request';
import { DetailItem } from '@/components/ui/card';
import { DetailCard } from '@/components/ui/detail-card';
import { RecordHeader } from '@/components/ui/record-header';
import { EditDetailsDialog } from './edit-details-dialog';
import { CustomerNotes, StaffNotes } from './internal-notes';
import { MaintenanceStatusMenu } from './status-menu';

const back = { to: paths.admin.maintenance, label: 'Back to Maintenance Requests' };
type Audit = (appointment: MaintenanceAppointment) => ReactNode;

/** One booking as staff see it; `audit` renders its change history (composed in by the admin route). */
export function MaintenanceDetail({ id, audit }: { id: string; audit?: Audit }) {
  return (
    <RecordStates
      query={useMaintenanceRequest(id)}
      back={back}
      loadingLabel="Loading maintenance request"
      error={{ title: 'Error Loading Details', fallback: 'Failed to fetch maintenance appointment' }}
      notFound={{ title: 'Maintenance Request Not Found', text: 'The requested maintenance details could not be found.' }}
    >
      {(appointment) => <MaintenanceDetailView appointment={appointment} audit={audit} />}
    </RecordStates>
  );
}

function MaintenanceDetailView({ appointment, audit }: { appointment: MaintenanceAppointment; audit?: Audit }) {
  const [editing, setEditing] = useState(false);
  const mayOpenAccounts = mayOpen(useSession().user?.role, 'admin');
  const category = findMaintenanceCategory(appointment.maintenanceType);
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <RecordHeader
        title={appointment.specificService}
        badge={<StatusBadge status={appointment.status} />}
        subtitle={`${formatCalendarDay(appointment.appointmentDate)} at ${appointment.appointmentTime} · ${appointment.customer.name}`}
        actions={
          <>
            <MaintenanceStatusMenu appointment={appointment} variant="detail" />
            <Button onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit Maintenance Details
            </Button>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <DetailCard title="Service Information" className="sm:grid-cols-2">
            <DetailItem label="Service type">{category?.title ?? appointment.maintenanceType}</DetailItem>
            <DetailItem label="Specific service">{appointment.specificService}</DetailItem>
            <DetailItem label="Appointment date">{formatCalendarDay(appointment.appointmentDate)}</DetailItem>
            <DetailItem label="Time">{appointment.appointmentTime}</DetailItem>
            <DetailItem label="Price">{appointment.cost === null ? 'Not set' : formatPrice(appointment.cost)}</DetailItem>
            <DetailItem label="Technician">{appointment.technician || 'Not assigned yet'}</DetailItem>
            <DetailItem label="Notes (shown to the customer)" className="sm:col-span-2">
              <span className="whitespace-pre-line">{appointment.notes || 'No notes provided.'}</span>
            </DetailItem>
            {appointment.additionalNotes && (
              <DetailItem label="Customer's notes" className="sm:col-span-2">
                <span className="whitespace-pre-line">{appointment.additionalNotes}</span>
              </DetailItem>
            )}
          </DetailCard>

          <div className="grid gap-6 sm:grid-cols-2">
            <DetailCard title="Vehicle Information">
              <DetailItem label="Make">{appointment.vehicle.make}</DetailItem>
              <DetailItem label="Model">{appointment.vehicle.model}</DetailItem>
              <DetailItem label="Year">{appointment.vehicle.year}</DetailItem>
              <DetailItem label="Registration">{appointment.vehicle.registration}</DetailItem>
            </DetailCard>
            <DetailCard title="Customer Information">
              <DetailItem label="Name">{appointment.customer.name}</DetailItem>
              <DetailItem label="Email">
                {appointment.customer.email ? (
                  <a href={`mailto:${appointment.customer.email}`} className="text-brand-700 hover:underline">
                    {appointment.customer.email}
                  </a>
                ) : (
                  // A walk-in or phone customer booked by staff without one: they get no e-mails.
                  <span className="text-slate-600">None (no e-mails are sent)</span>
                )}
              </DetailItem>
              <DetailItem label="Phone">
                <a href={`tel:${appointment.customer.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
                  {appointment.customer.phone}
                </a>
              </DetailItem>
              {appointment.userId && (
                <DetailItem label="Account">
                  {/* Accounts are the admin's: an advisor is told the booking has one. */}
                  {mayOpenAccounts ? (
                    <Link to={paths.admin.user(appointment.userId)} className="text-brand-700 hover:underline">
                      View customer account
                    </Link>
                  ) : (
                    'Registered customer'
                  )}
                </DetailItem>
              )}
            </DetailCard>
          </div>

          <div className="grid gap-6 sm:grid-cols-2">
            <CustomerNotes appointment={appointment} />
            <StaffNotes appointment={appointment} />
          </div>
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <DetailCard title="Request Information">
            <DetailItem label="Request ID">
              <span className="font-mono text-xs">{appointment._id}</span>
            </DetailItem>
            <DetailItem label="Created">{formatDateTime(appointment.createdAt)}</DetailItem>
            <DetailItem label="Last updated">{formatDateTime(appointment.updatedAt)}</DetailItem>
          </DetailCard>
          {audit?.(appointment)}
        </div>
      </div>

      <EditDetailsDialog appointment={appointment} open={editing} onOpenChange={setEditing} />
    </>
  );
}
