import { useRouteError } from 'react-router';

/** A chunk that fails to load after a deploy, or a render error: offer a reload instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.warn('Route error', error);
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-600">This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" onClick={() => location.reload()} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Reload
      </button>
    </div>
  );
}
