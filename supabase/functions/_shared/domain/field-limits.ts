/**
 * Field length limits of both forms. The browser enforces them with maxLength, the edge
 * functions and the database constraints with the same numbers, so a visitor never
 * types something the backend then refuses. Imported by the site and the functions.
 */
export const FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: 32,
  subject: 200,
  message: 5000,
  /** The practice's note to the visitor when it declines a request (the appointment action page). */
  staffNote: 1000,
} as const;
