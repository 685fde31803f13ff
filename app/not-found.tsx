import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-8 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <p className="mt-4 text-lg text-slate-700">The page you are looking for does not exist.</p>
      <Link href="/" className="mt-6 rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
        Go To Home Page
      </Link>
    </main>
  );
}
