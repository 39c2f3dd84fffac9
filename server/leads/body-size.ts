/** A contact request is a few short texts: 32 KB leaves room for the longest message escaped in JSON. */
export const LEAD_BODY_LIMIT = 32 * 1024;
