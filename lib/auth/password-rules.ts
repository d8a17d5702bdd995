/** The length rule for passwords people choose (password-policy.ts, after trimming), also given to better-auth. */
export const MIN_PASSWORD_LENGTH = 12;
/** better-auth refuses longer passwords at sign-in, so no account is created with one. */
export const MAX_PASSWORD_LENGTH = 128;
