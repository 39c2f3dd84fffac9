import type { Locale } from "../language/language.ts";

/**
 * The units a number specification may carry: how each language writes it, and its UN/CEFACT
 * common code (Recommendation 20), which the product's JSON-LD gives as `unitCode`. Stored by key;
 * the key never changes once a value uses it.
 */
export const UNITS = {
  kg: { ro: "kg", en: "kg", unece: "KGM" },
  t: { ro: "t", en: "t", unece: "TNE" },
  mm: { ro: "mm", en: "mm", unece: "MMT" },
  cm: { ro: "cm", en: "cm", unece: "CMT" },
  m: { ro: "m", en: "m", unece: "MTR" },
  m2: { ro: "m²", en: "m²", unece: "MTK" },
  m3: { ro: "m³", en: "m³", unece: "MTQ" },
  l: { ro: "l", en: "l", unece: "LTR" },
  kw: { ro: "kW", en: "kW", unece: "KWT" },
  hp: { ro: "CP", en: "hp", unece: "HJ" },
  kmh: { ro: "km/h", en: "km/h", unece: "KMH" },
  bar: { ro: "bar", en: "bar", unece: "BAR" },
  kva: { ro: "kVA", en: "kVA", unece: "KVA" },
  v: { ro: "V", en: "V", unece: "VLT" },
  a: { ro: "A", en: "A", unece: "AMP" },
  kn: { ro: "kN", en: "kN", unece: "B47" },
  lmin: { ro: "l/min", en: "l/min", unece: "L2" },
  m3h: { ro: "m³/h", en: "m³/h", unece: "MQH" },
  hz: { ro: "Hz", en: "Hz", unece: "HTZ" },
  db: { ro: "dB", en: "dB", unece: "2N" },
} as const satisfies Record<string, Readonly<Record<Locale, string>> & { unece: string }>;

export type UnitKey = keyof typeof UNITS;
export const UNIT_KEYS = Object.keys(UNITS) as UnitKey[];

export function isUnitKey(value: unknown): value is UnitKey {
  return typeof value === "string" && Object.hasOwn(UNITS, value);
}
