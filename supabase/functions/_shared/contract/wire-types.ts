/**
 * What travels between the browser and the backend, as plain types (and the one column
 * list they are derived from): the site builds these objects (src/features/**), the
 * functions validate them (validation.ts checks its schemas against these types), so both
 * sides agree by construction. No zod, no Deno.
 */

/** An ALTCHA v2 challenge as the functions issue it (GET on either function). */
export interface FormChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    /** Unix seconds. */
    expiresAt?: number;
    /** `fn`: the function the challenge is for. */
    data?: Record<string, string | number | boolean | null>;
  };
  signature: string;
}

/** A solved challenge: what the browser found. */
export interface FormProof {
  challenge: FormChallenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

/** What a form reports about itself so the backend can tell bots apart. */
export interface BotSignals {
  /** The hidden honeypot field; people leave it empty. */
  website: string;
  /** Milliseconds between the form appearing and being sent (a hint only). */
  elapsedMs: number;
  /** A challenge of the function's own, solved in the browser; accepted for one request. */
  altcha: FormProof;
}

/** Body of send-contact-email (docs/product.md §7.1). */
export interface ContactEmailBody extends BotSignals {
  /** Made by the browser, the same when the same message is sent again: it is stored and mailed once. */
  requestId: string;
  /** First and last name joined by one space. */
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
}

/**
 * The columns of appointment_requests the browser inserts (docs/product.md §3), with the
 * id it made, as Postgres declares them. tests/integration/contract.test.ts compares this
 * list with the live schema: the columns anon may insert, their types and nullability.
 */
export const APPOINTMENT_INSERT_COLUMNS = {
  id: { type: 'uuid', nullable: false },
  first_name: { type: 'text', nullable: false },
  last_name: { type: 'text', nullable: false },
  email: { type: 'text', nullable: false },
  phone: { type: 'text', nullable: false },
  /** The service's readable label, not the form's option value. */
  service: { type: 'text', nullable: false },
  preferred_date: { type: 'date', nullable: false },
  preferred_time: { type: 'text', nullable: true },
  alternative_date: { type: 'date', nullable: true },
  alternative_time: { type: 'text', nullable: true },
  message: { type: 'text', nullable: true },
} as const;

type Columns = typeof APPOINTMENT_INSERT_COLUMNS;

/** One row as the browser inserts it: uuid, text and date all travel as strings. */
export type AppointmentRow = {
  -readonly [K in keyof Columns]: Columns[K]['nullable'] extends true ? string | null : string;
};

/** A confirmed appointment's slot, as public.taken_appointment_slots tells anyone: nothing else. */
export interface TakenSlot {
  /** 'YYYY-MM-DD' */
  date: string;
  /** One of the 21 slots, 'HH:MM'. */
  time: string;
}

/**
 * The schema as supabase-js types it (the shape `supabase gen types` writes), for what the
 * browser does: insert into appointment_requests and ask for the taken slots. It reads no
 * table back (anon has no SELECT).
 */
export interface Database {
  public: {
    Tables: {
      appointment_requests: {
        Row: AppointmentRow;
        Insert: AppointmentRow;
        Update: Partial<AppointmentRow>;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: {
      taken_appointment_slots: {
        Args: { p_from: string; p_days?: number };
        Returns: TakenSlot[];
      };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}

/** Body of send-appointment-email (docs/product.md §7.3): the stored row's id and its values. */
export interface AppointmentEmailBody extends BotSignals {
  requestId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  preferredDate: string;
  preferredTime: string | null;
  alternativeDate: string | null;
  alternativeTime: string | null;
  message: string | null;
}
