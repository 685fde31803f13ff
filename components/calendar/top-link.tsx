/** The calendar views' way back to the page's title (`#calendar-top`, the h1 in calendar-app.tsx). */
export function TopLink() {
  return (
    <p className="mt-4 text-right">
      <a href="#calendar-top" className="text-sm font-medium text-brand-700 underline">
        Top
      </a>
    </p>
  );
}
