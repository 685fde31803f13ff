export default function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center p-8 text-center">
      <p className="text-6xl font-bold text-brand-600">403</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! 403 Sorry!</h1>
      <p className="mt-2 text-slate-600">You don&apos;t have permission to access this page.</p>
    </div>
  );
}
