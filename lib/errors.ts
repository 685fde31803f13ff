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
