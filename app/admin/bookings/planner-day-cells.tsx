import { useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { addDays } from "../../../common/days/romanian-day.ts";
import { formatDay } from "../ui/date-format.ts";

interface Props {
  model: string;
  first: string;
  days: number;
  /** Rows of the machine's grid the days span (its bookings' lanes). */
  lanes: number;
  /** The day chosen when the keyboard first reaches the row (today's column when shown). */
  start: number;
  dayWidth: number;
  onCreate(firstDay: string, lastDay: string): void;
  /** Says a chosen day aloud (the screen's live region). */
  onAnnounce(words: string): void;
}

/**
 * A machine's days behind its bookings (decision 072): dragging over them with the mouse, or Enter
 * with the keyboard, opens a new booking's form for that machine and those days. One button per
 * row, not one per day (a row still costs its bookings): the pointer's column is read from where it
 * is, and the keyboard chooses a day with the arrows (Home, End), shown outlined and said aloud.
 */
export function PlannerDayCells({ model, first, days, lanes, start, dayWidth, onCreate, onAnnounce }: Props) {
  const [chosen, setChosen] = useState(start);
  const [focused, setFocused] = useState(false);
  const [selection, setSelection] = useState<{ from: number; to: number } | null>(null);

  const open = (from: number, to: number) =>
    onCreate(addDays(first, Math.min(from, to)), addDays(first, Math.max(from, to)));
  const within = (column: number) => Math.max(0, Math.min(days - 1, column));

  const keys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: chosen + 1, ArrowLeft: chosen - 1, Home: 0, End: days - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setChosen(within(target));
    onAnnounce(`${model}: ${formatDay(addDays(first, within(target)))}`);
  };

  /** Whole days from where the drag started, within the window; the form opens on release. */
  const drag = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const layer = event.currentTarget;
    const column = within(Math.floor((event.clientX - layer.getBoundingClientRect().left) / dayWidth));
    let to = column;
    layer.setPointerCapture(event.pointerId);
    setChosen(column);
    setSelection({ from: column, to });
    const follow = (move: PointerEvent) => {
      const next = within(column + Math.round((move.clientX - event.clientX) / dayWidth));
      if (next === to) return;
      to = next;
      setSelection({ from: column, to });
    };
    const release = () => {
      layer.removeEventListener("pointermove", follow);
      layer.removeEventListener("pointerup", release);
      layer.removeEventListener("pointercancel", release);
      setSelection(null);
      open(column, to);
    };
    layer.addEventListener("pointermove", follow);
    layer.addEventListener("pointerup", release);
    layer.addEventListener("pointercancel", release);
  };

  const mark = (className: string, from: number, to: number) => (
    <span
      className={className}
      aria-hidden="true"
      style={{
        gridColumn: `${Math.min(from, to) + 2} / span ${Math.abs(to - from) + 1}`,
        gridRow: `1 / span ${lanes}`,
      }}
    />
  );

  return (
    <>
      <button
        type="button"
        className="planner-cells"
        style={{ gridColumn: `2 / span ${days}`, gridRow: `1 / span ${lanes}` }}
        aria-label={`Rezervare noua ${model}, ${formatDay(addDays(first, chosen))}. Sageti: alta zi; Enter: formular`}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={keys}
        onPointerDown={drag}
        onClick={(event) => {
          // The pointer's release opened the form already (a click has detail 1 or more); Enter's,
          // Space's and a screen reader's activation (detail 0) open it here, for the chosen day.
          if (event.detail === 0) open(chosen, chosen);
        }}
      />
      {focused && !selection && mark("planner-chosen", chosen, chosen)}
      {selection && mark("planner-selection", selection.from, selection.to)}
    </>
  );
}
