import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { toastSuccess } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { CustomerPicker, type PickedCustomer } from '@/features/users/components/customer-picker';
import { PageHeader } from '@/components/ui/page-header';
import { StaffBookingForm } from '@/features/maintenance/components/staff-booking-form';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Book for a Customer');
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  return (
    <div className="mx-auto max-w-4xl">
      <Link to={paths.admin.maintenance} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to Maintenance Requests
      </Link>
      <PageHeader title="Book for a Customer" description="A walk-in or phone customer, with or without an account." />
      <StaffBookingForm
        account={customer}
        accountPicker={<CustomerPicker value={customer} onChange={setCustomer} />}
        onBooked={(appointment) => {
          toastSuccess('Maintenance appointment booked successfully!', `${appointment.customer.name}, ${appointment.appointmentTime}`);
          void navigate(paths.admin.maintenance);
        }}
        onCancel={() => void navigate(paths.admin.maintenance)}
      />
    </div>
  );
}
