import { useParams } from 'react-router';
import { VehicleDetailView } from '@/features/vehicles/components/vehicle-detail/vehicle-detail-view';

export default function VehicleDetailPage() {
  const { id = '' } = useParams();
  // Keyed by id so moving to a similar vehicle starts on its first photo.
  return <VehicleDetailView key={id} id={id} />;
}
