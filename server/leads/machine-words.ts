/**
 * A machine of a quote list in the company's words, for its e-mail and the CSV export: when it is
 * wanted ('2026-12-01 - 2026-12-05', 'de la 2026-12-01' or 'data nehotarata'), for how long ('5 zile'),
 * how many units when more than one ('3 unitati') and whether with an operator.
 */
export interface MachineWish {
  startDate: string | null;
  endDate: string | null;
  days: number | null;
  operator: boolean;
  units: number;
}

export interface MachineWords {
  when: string;
  /** Null when the visitor gave no number of days. */
  days: string | null;
  /** Null for one unit, as every request asked before units could be chosen. */
  units: string | null;
  operator: string;
}

export function machineWords({ startDate, endDate, days, operator, units }: MachineWish): MachineWords {
  const when =
    startDate === null ? "data nehotarata" : endDate === null ? `de la ${startDate}` : `${startDate} - ${endDate}`;
  return {
    when,
    days: days === null ? null : `${days} ${days === 1 ? "zi" : "zile"}`,
    units: units > 1 ? `${units} unitati` : null,
    operator: operator ? "cu operator" : "fara operator",
  };
}
