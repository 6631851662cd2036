import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '@dealer/shared';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import type { PasswordResetLink } from '@dealer/shared';

/**
 * The one-time link an admin passes on to the user, shown whole (it wraps: a one-line box showed only its
 * start, 'http://localhost'), with a Copy button and its expiry.
 */
export function ResetLinkPanel({ link }: { link: PasswordResetLink }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const absolute = new URL(link.resetUrl, window.location.origin).toString();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied(true);
      toast({ title: 'Link copied', variant: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it by hand.' });
    }
  };

  return (
    <div className="grid gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
      <label htmlFor={id} className="text-sm font-medium text-emerald-900">
        Password reset link
      </label>
      <Textarea
        id={id}
        readOnly
        rows={3}
        value={absolute}
        onFocus={(e) => e.currentTarget.select()}
        className="min-h-0 resize-none font-mono text-xs break-all [field-sizing:content]"
      />
      <Button variant="outline" className="justify-self-start" onClick={() => void copy()} aria-label="Copy reset link">
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy'}
      </Button>
      <p className="text-xs text-emerald-900">
        It works once and expires {formatDateTime(link.expiresAt)}.
      </p>
    </div>
  );
}
