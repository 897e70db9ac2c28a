/**
 * The form proof's parameters (form-proof.ts), in a module without imports so that Node
 * tools (npm run bench: scripts/bench/first-use.ts) can issue a challenge like the functions'.
 */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
export const PROOF_COST = 1_000;
/** The counter the browser has to reach, drawn from this range per challenge. */
export const PROOF_COUNTER = { min: 300, max: 1_200 } as const;
/** How long a challenge can be solved and sent: a visitor may take their time with the form. */
export const CHALLENGE_TTL_SECONDS = 2 * 3_600;
