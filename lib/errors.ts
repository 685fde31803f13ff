/** One error shape for guards, actions and the v1 API. `status` is the HTTP status to answer with. */
export class AppError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500,
    message: string,
    public fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const unauthorized = (message = "Unauthenticated. Please sign in again.") => new AppError(401, message);
export const forbidden = (message = "You don't have permission to access this page.") => new AppError(403, message);
export const notFound = (message = "The page you are looking for does not exist.") => new AppError(404, message);

/** Next.js hands a server error's `digest` to the browser's error boundary: this one means 'the database'. */
export const DATABASE_UNAVAILABLE_DIGEST = "DATABASE_UNAVAILABLE";

/** What a request answers while the database cannot be reached (503). */
export const DATABASE_UNAVAILABLE = "The database is not available right now. Please try again in a moment.";

/**
 * The database could not answer (stopped, restarting, unreachable, a bound of lib/db/bounds.ts ran
 * out): a 503 that is worth retrying, never 'no session'. Not an AppError: nothing about the request
 * was refused. The digest reaches the page's error boundary (components/shell/error-screen.tsx).
 */
export class DatabaseUnavailableError extends Error {
  readonly status = 503;
  readonly digest = DATABASE_UNAVAILABLE_DIGEST;
  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE, { cause });
    this.name = "DatabaseUnavailableError";
  }
}
