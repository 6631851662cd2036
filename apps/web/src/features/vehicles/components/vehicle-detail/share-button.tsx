import { Share2 } from 'lucide-react';
import { toast, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: the selection trick still works on most.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** 'Share': the device's share sheet when there is one, else the link goes to the clipboard. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // No share target: fall through to copying.
      }
    }
    if (await copyText(url)) toastSuccess('Link copied', 'The link to this vehicle is on your clipboard.');
    else toast({ title: 'Copy this link', description: url });
  };
  return (
    <Button variant="outline" className="flex-1" disabled={!hydrated} onClick={() => void share()}>
      <Share2 aria-hidden /> Share
    </Button>
  );
}
