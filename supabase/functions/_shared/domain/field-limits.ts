/**
 * Field length limits of both forms, in characters (code points, as Postgres counts). The
 * forms say at the field when a value is longer and refuse to send it (never cutting it:
 * no maxLength), the edge functions and the database constraints refuse it with the same
 * numbers, so a visitor never sends something the backend then refuses without a word.
 * Imported by the site and the functions.
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
