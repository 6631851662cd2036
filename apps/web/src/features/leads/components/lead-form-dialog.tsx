import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LEAD_FORM_TITLES, formatPrice, leadEnquirySchema, type LeadEnquiryInput, type LeadSource } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSession } from '@/lib/session';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useSendEnquiry } from '../api/send-enquiry';

const FIELDS = ['name', 'email', 'phone', 'message', 'offerDollars'] as const;

const INTROS: Record<LeadSource, string> = {
  question: 'Ask our sales team anything about this car. We answer by e-mail.',
  'test-drive': 'Tell us when suits you and we will contact you to book your test drive.',
  offer: 'Make us an offer in whole dollars. Our sales team will answer it.',
};

const MESSAGE_LABELS: Record<LeadSource, string> = {
  question: 'Your question',
  'test-drive': 'When suits you? (optional)',
  offer: 'Message (optional)',
};

interface Props {
  vehicle: { _id: string; title: string; price: number | string };
  /** The form to show; null closes the dialog. */
  source: LeadSource | null;
  onClose(): void;
}

/** One enquiry form in a dialog: name, e-mail, phone, message (and the offer), then a clear confirmation. */
export default function LeadFormDialog({ vehicle, source, onClose }: Props) {
  const [shown, setShown] = useState<LeadSource>(source ?? 'question');
  const [confirmation, setConfirmation] = useState<string | null>(null);
  useEffect(() => {
    if (source) {
      setShown(source);
      setConfirmation(null);
    }
  }, [source]);
  return (
    <Dialog
      open={source !== null}
      onOpenChange={(open) => !open && onClose()}
      title={LEAD_FORM_TITLES[shown]}
      description={confirmation ? undefined : `${vehicle.title}, ${formatPrice(vehicle.price)}. ${INTROS[shown]}`}
    >
      {confirmation ? (
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            {confirmation}
          </p>
          <Button onClick={onClose}>Close</Button>
        </div>
      ) : (
        <EnquiryForm key={shown} vehicleId={vehicle._id} source={shown} onSent={setConfirmation} />
      )}
    </Dialog>
  );
}

function EnquiryForm({ vehicleId, source, onSent }: { vehicleId: string; source: LeadSource; onSent(message: string): void }) {
  const { user } = useSession();
  const mutation = useSendEnquiry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LeadEnquiryInput>({
    resolver: zodResolver(leadEnquirySchema),
    // Filled in here, in the browser: the page itself is the same for everyone.
    defaultValues: {
      source,
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      message: '',
      website: '',
    },
  });
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { vehicleId, enquiry: values },
      {
        onSuccess: (received) => onSent(received.message),
        onError: formErrorHandler(FIELDS, setError, 'Your enquiry could not be sent'),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <input type="hidden" {...register('source')} />
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="E-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
      {source === 'offer' && (
        <FormField label="Your offer (US dollars)" error={errors.offerDollars?.message} hint="Whole dollars, e.g. 14500">
          <Input inputMode="numeric" autoComplete="off" {...register('offerDollars')} />
        </FormField>
      )}
      <FormField label={MESSAGE_LABELS[source]} error={errors.message?.message}>
        <Textarea rows={4} {...register('message')} />
      </FormField>
      {/* People never see this field; robots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <SubmitButton size="lg" className="mt-1 w-full" pending={mutation.isPending}>
        Send
      </SubmitButton>
    </form>
  );
}
