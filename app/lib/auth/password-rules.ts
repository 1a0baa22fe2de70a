/**
 * How long a password may be: read by better-auth's settings, the reset action's schema and the
 * forms' hints, so the rule and its wording never drift apart.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
