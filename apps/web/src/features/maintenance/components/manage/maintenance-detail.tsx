import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { findMaintenanceCategory, formatDateTime, formatLongDate, formatPrice, type MaintenanceAppointment } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { useMaintenanceRequest } from '../../api/get-maintenance-request';
import { Card, DetailItem } from '@/components/ui/card';
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
  const category = findMaintenanceCategory(appointment.maintenanceType);
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{appointment.specificService}</h1>
            <StatusBadge status={appointment.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {formatLongDate(appointment.appointmentDate)} at {appointment.appointmentTime} · {appointment.customer.name}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <MaintenanceStatusMenu appointment={appointment} variant="detail" />
          <Button onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Edit Maintenance Details
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <Card title="Service Information">
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailItem label="Service type">{category?.title ?? appointment.maintenanceType}</DetailItem>
              <DetailItem label="Specific service">{appointment.specificService}</DetailItem>
              <DetailItem label="Appointment date">{formatLongDate(appointment.appointmentDate)}</DetailItem>
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
            </dl>
          </Card>

          <div className="grid gap-6 sm:grid-cols-2">
            <Card title="Vehicle Information">
              <dl className="grid gap-4">
                <DetailItem label="Make">{appointment.vehicle.make}</DetailItem>
                <DetailItem label="Model">{appointment.vehicle.model}</DetailItem>
                <DetailItem label="Year">{appointment.vehicle.year}</DetailItem>
                <DetailItem label="Registration">{appointment.vehicle.registration}</DetailItem>
              </dl>
            </Card>
            <Card title="Customer Information">
              <dl className="grid gap-4">
                <DetailItem label="Name">{appointment.customer.name}</DetailItem>
                <DetailItem label="Email">
                  <a href={`mailto:${appointment.customer.email}`} className="text-brand-700 hover:underline">
                    {appointment.customer.email}
                  </a>
                </DetailItem>
                <DetailItem label="Phone">
                  <a href={`tel:${appointment.customer.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
                    {appointment.customer.phone}
                  </a>
                </DetailItem>
                {appointment.userId && (
                  <DetailItem label="Account">
                    <Link to={paths.admin.user(appointment.userId)} className="text-brand-700 hover:underline">
                      View customer account
                    </Link>
                  </DetailItem>
                )}
              </dl>
            </Card>
          </div>

          <div className="grid gap-6 sm:grid-cols-2">
            <CustomerNotes appointment={appointment} />
            <StaffNotes appointment={appointment} />
          </div>
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <Card title="Request Information">
            <dl className="grid gap-4">
              <DetailItem label="Request ID">
                <span className="font-mono text-xs">{appointment._id}</span>
              </DetailItem>
              <DetailItem label="Created">{formatDateTime(appointment.createdAt)}</DetailItem>
              <DetailItem label="Last updated">{formatDateTime(appointment.updatedAt)}</DetailItem>
            </dl>
          </Card>
          {audit?.(appointment)}
        </div>
      </div>

      <EditDetailsDialog appointment={appointment} open={editing} onOpenChange={setEditing} />
    </>
  );
}
