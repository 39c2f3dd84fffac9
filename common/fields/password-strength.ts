/**
 * The password-strength meter of spec §5/§9, one pure function shared by the reset-by-token and
 * profile screens: a score from 0 to 100 read as five bars with thresholds 20, 40, 70 and 90. Length
 * and variety of characters raise the score; repeated characters, runs like "abc"/"123" and short
 * passwords lower it. It is a visual hint only: the server's rules decide what is accepted.
 */

export const STRENGTH_THRESHOLDS = [20, 40, 70, 90] as const;
export const STRENGTH_BARS = STRENGTH_THRESHOLDS.length + 1;

export interface PasswordStrength {
  /** 0 (empty) to 100. */
  score: number;
  /** How many of the five bars are lit: 0 for an empty password, then 1 to 5. */
  bars: number;
}

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/] as const;

/** Characters equal to the one before, or one step after it ("aa", "ab", "12"): cheap to guess. */
function predictableSteps(password: string): number {
  const points = [...password].map((character) => character.codePointAt(0) ?? 0);
  let steps = 0;
  for (let index = 1; index < points.length; index += 1) {
    const delta = points[index] - points[index - 1];
    if (delta === 0 || delta === 1 || delta === -1) steps += 1;
  }
  return steps;
}

export function passwordStrength(password: string): PasswordStrength {
  const characters = [...password];
  if (characters.length === 0) return { score: 0, bars: 0 };
  const length = characters.length;
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  const distinct = new Set(characters).size;

  let score = Math.min(length, 16) * 3; // up to 48 for length
  score += classes * 10; // up to 40 for variety of kinds
  score += Math.round((distinct / length) * 12); // up to 12 for variety of characters
  score -= Math.round((predictableSteps(password) / Math.max(length - 1, 1)) * 40); // repeats and runs

  // Few kinds of characters, or a short password, cap what length alone can buy.
  const kindCap = [0, 35, 65, 89, 100][classes];
  score = Math.min(score, kindCap);
  if (length < 8) score = Math.min(score, 19);
  score = Math.max(1, Math.min(100, score));
  return { score, bars: 1 + STRENGTH_THRESHOLDS.filter((threshold) => score >= threshold).length };
}
