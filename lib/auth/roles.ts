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
  /** Approve or deny requests (an approver of a form's mapping can only be one of these roles). */
  decideRequests: [ROLE.admin, ROLE.calendarManager],
  /** Decide every request, not only those a mapping or an assignment gives them. */
  decideEveryRequest: [ROLE.admin],
  /** Hand an unrouted request to an approver. */
  assignRequests: [ROLE.admin],
  /** Change any request's content, decided or not (others: their own, until it is decided). */
  editEveryRequest: [ROLE.admin],
  /** Move a request to another location. */
  moveRequests: [ROLE.admin],
  /** Set a form email mapping's status, and change a closed one. */
  manageClosedMappings: [ROLE.admin],
  /** Change a user's personal data (name, e-mail) on a profile. */
  editPersonalData: [ROLE.admin],
  /** Open and delete any user's file (others: their own uploads). */
  manageEveryFile: [ROLE.admin],
  /** The must-read compliance board and its export: administrators every location's, role 2 their own location's. */
  seeCompliance: [ROLE.admin, ROLE.calendarManager],
  /** The compliance board of every location, and of the people without one (others: their own location's). */
  seeEveryLocationCompliance: [ROLE.admin],
  /** Linked to a single sign-on identity by a verified e-mail alone (other roles confirm with their password). */
  linkSsoByEmail: [ROLE.staff],
} as const satisfies Record<string, readonly number[]>;
export type Capability = keyof typeof ROLE_CAPABILITIES;

/**
 * What each role does, in a few words, shown beside its name wherever a role is picked (Edit User, Add user,
 * an audience, a mapping's approvers): the names are the old portal's ('Calendar Manager' also approves staff
 * requests). Follows ROLE_CAPABILITIES above; a role without a line here shows its name alone.
 */
export const ROLE_DUTIES: Readonly<Record<number, string>> = {
  [ROLE.admin]: "runs the portal: menus, users, every request",
  [ROLE.calendarManager]: "approves staff requests, manages the calendar",
  [ROLE.staff]: "reads pages, submits staff forms",
};

/** A role as a picker shows it: 'Calendar Manager: approves staff requests, manages the calendar'. */
export function roleChoiceLabel(roleId: number, name: string): string {
  const duties = Object.hasOwn(ROLE_DUTIES, roleId) ? ROLE_DUTIES[roleId] : undefined;
  return duties ? `${name}: ${duties}` : name;
}

export function roleCan(roleId: number, capability: Capability): boolean {
  return rolesWith(capability).includes(roleId);
}

/** The role ids that have `capability` (for a query over users: `inArray(users.roleId, rolesWith(...))`). */
export function rolesWith(capability: Capability): readonly number[] {
  // An unknown capability (a typo that slipped past the types, "constructor") is no role's, not a crash.
  return Object.hasOwn(ROLE_CAPABILITIES, capability) ? ROLE_CAPABILITIES[capability] : [];
}
