/**
 * The weighted tsvector of each searched table, as SQL over the table's own columns. Migration
 * 0017_search_indexes builds a GIN index on exactly these expressions (the planner uses an expression
 * index only for the identical expression): change one, change the other in a new migration.
 * test/search/search.test.ts checks that the plans use them.
 *
 * Weights: A title or name, B body, position or file name, C comments, contacts and document text.
 * One configuration everywhere ('english': stems, drops stop words) so a query matches every kind alike.
 */
export const VECTOR = {
  posts: `(setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B'))`,
  comments: `setweight(to_tsvector('english'::regconfig, comment), 'C')`,
  attachments: `setweight(to_tsvector('english'::regconfig, title::text), 'A')`,
  // 'warranty_claims-2024.pdf' as words: the parser would read a file name as one token.
  contentDocuments: `setweight(to_tsvector('english'::regconfig, translate(name::text, '._-', '   ')), 'B')`,
  saveTheDates: `(setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B'))`,
  calendarEvents: `(setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B') || setweight(to_tsvector('english'::regconfig, (contact_person::text || ' ' || contact_email::text || ' ' || contact_number::text)), 'C'))`,
  users: `(setweight(to_tsvector('english'::regconfig, (first_name::text || ' ' || last_name::text)), 'A') || setweight(to_tsvector('english'::regconfig, (coalesce(post, '')::text || ' ' || coalesce(team_designation, '')::text)), 'B'))`,
  locations: `setweight(to_tsvector('english'::regconfig, name::text), 'B')`,
  roReversals: `(setweight(to_tsvector('english'::regconfig, (employee_name::text || ' ' || full_ra::text)), 'A') || setweight(to_tsvector('english'::regconfig, reason), 'B'))`,
  techTimes: `(setweight(to_tsvector('english'::regconfig, (employee_name::text || ' ' || employee_number::text)), 'A') || setweight(to_tsvector('english'::regconfig, employee_email::text), 'B'))`,
  improvementSuggestions: `(setweight(to_tsvector('english'::regconfig, name::text), 'A') || setweight(to_tsvector('english'::regconfig, (email::text || ' ' || location_name::text || ' ' || coalesce(describe_current_process_and_problem, '') || ' ' || coalesce(how_will_it_benefit, ''))), 'B'))`,
  uniformRequests: `(setweight(to_tsvector('english'::regconfig, (employee_first_name::text || ' ' || employee_last_name::text)), 'A') || setweight(to_tsvector('english'::regconfig, (requestor_name::text || ' ' || location_name::text || ' ' || comment)), 'B'))`,
} as const;

/** The table each vector belongs to. */
export const VECTOR_TABLE: Record<keyof typeof VECTOR, string> = {
  posts: "posts",
  comments: "comments",
  attachments: "attachments",
  contentDocuments: "content_documents",
  saveTheDates: "save_the_dates",
  calendarEvents: "calendar_events",
  users: "users",
  locations: "locations",
  roReversals: "ro_reversals",
  techTimes: "tech_times",
  improvementSuggestions: "improvement_suggestions",
  uniformRequests: "uniform_requests",
};
