/**
 * Where a booking stands (decision 070): held for a customer who has not said yes (tentativ),
 * promised (confirmat), or called off (anulat: the row stays, and counts nowhere).
 */
export const BOOKING_STATES = ["tentativ", "confirmat", "anulat"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** The states that take units: the public calendar counts both (decision 070). */
export const TAKING_STATES = ["tentativ", "confirmat"] as const satisfies readonly BookingState[];
