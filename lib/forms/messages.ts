/** The old portal's message for a missing (or unknown) location on every staff form. */
export const LOCATION_REQUIRED_MESSAGE = "Select Location";
