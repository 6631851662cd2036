/** The upload bar while a listing's photos go up (`fraction` 0 to 1), then while the server processes them. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-6 grid gap-1.5">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{fraction < 1 ? 'Uploading…' : 'Processing photos…'}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
