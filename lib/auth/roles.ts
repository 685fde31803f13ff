/** Role ids (the old portal's system ids). */
export const ROLE = { admin: 1, calendarManager: 2, staff: 3 } as const;
export type RoleId = number;

/** Permission names assigned per user by an administrator. */
export const PERMISSION = {
  formEmailManager: "access_form_email_manager",
  socialMediaCalendar: "access_social_media_calendar",
  environmentalData: "allow_environmental_data",
} as const;
export type PermissionName = (typeof PERMISSION)[keyof typeof PERMISSION];

/** What each role may do (role-to-permission table). Anything not listed is denied. */
export const ROLE_CAPABILITIES = {
  manageContent: [ROLE.admin],
  manageBackOffice: [ROLE.admin],
  manageEvents: [ROLE.admin, ROLE.calendarManager],
  seeEventStatus: [ROLE.admin, ROLE.calendarManager],
  listUniformRequests: [ROLE.admin, ROLE.calendarManager],
  /** The administrative roles of the staff forms: see and edit everyone's submissions, delete them. */
  manageStaffForms: [ROLE.admin, ROLE.calendarManager],
} as const satisfies Record<string, readonly number[]>;
export type Capability = keyof typeof ROLE_CAPABILITIES;

export function roleCan(roleId: number, capability: Capability): boolean {
  // An unknown capability (a typo that slipped past the types, "constructor") is denied, not a crash.
  if (!Object.hasOwn(ROLE_CAPABILITIES, capability)) return false;
  return (ROLE_CAPABILITIES[capability] as readonly number[]).includes(roleId);
}
