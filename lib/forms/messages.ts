/** The spec's message for a missing (or unknown) location on every staff form (section 5). */
export const LOCATION_REQUIRED_MESSAGE = "select Location";
