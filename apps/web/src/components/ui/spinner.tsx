import { Loader2 } from 'lucide-react';
import { withOverrides } from '@/lib/class-overrides';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={withOverrides('flex items-center justify-center py-12', className)}>
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
