import { useParams } from 'react-router';
import { AuditHistory } from '@/features/audit-log/components/audit-history';
import { ContactClicksCard } from '@/features/leads/components/contact-clicks-card';
import { VehicleDetail } from '@/features/vehicles/components/manage/vehicle-detail';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Vehicle');
  const { id = '' } = useParams();
  return <VehicleDetail key={id} id={id} audit={
        <>
          <ContactClicksCard vehicleId={id} />
          <AuditHistory entityType="vehicle" entityId={id} />
        </>
      } />;
}
