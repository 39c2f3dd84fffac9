import { memo, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import type { BookingView } from "../../../common/bookings/booking-schemas.ts";
import { addDays, daysBetween, romanianDay } from "../../../common/days/romanian-day.ts";
import { formatDay } from "../ui/date-format.ts";
import { BOOKING_STATE_LABELS, formatRange } from "./booking-labels.ts";
import { PlannerDayCells } from "./planner-day-cells.tsx";
import { barsOf, overbookedColumns } from "./planner-model.ts";

/** What a bar does with the keyboard and the mouse; the screen saves and announces. */
export interface BarActions {
  onMove(booking: BookingView, by: number): void;
  onResize(booking: BookingView, by: number): void;
  onOpen(booking: BookingView): void;
  onCancel(booking: BookingView): void;
  /** A new booking's form for this machine and these days (its empty days dragged over, or Enter on one). */
  onCreate(productId: string, firstDay: string, lastDay: string): void;
  /** Says something aloud in the screen's live region (a day chosen with the keyboard). */
  onAnnounce(words: string): void;
}

const NAME_WIDTH = 180;
const DAY_WIDTH = 30;

const columns = (days: number) => `${NAME_WIDTH}px repeat(${days}, ${DAY_WIDTH}px)`;

/** The days' header: the date of each day, Mondays marked by their week. */
export function PlannerDays({ first, days }: { first: string; days: number }) {
  return (
    <div className="planner-days" aria-hidden="true" style={{ gridTemplateColumns: columns(days) }}>
      <span />
      {Array.from({ length: days }, (_, index) => {
        const day = addDays(first, index);
        return (
          <span key={day} className={index % 7 === 0 ? "planner-day planner-week" : "planner-day"}>
            {day.slice(8)}
            {index % 7 === 0 && <small>{day.slice(5, 7)}</small>}
          </span>
        );
      })}
    </div>
  );
}

/**
 * One machine's row, of plain elements (decision 072): a bar per booking is a button (its state as
 * a letter and a pattern, never colour alone), and the days beyond the fleet are marked with "!" and
 * their words. Memoised: a change in one machine re-renders its row only.
 */
export const PlannerMachine = memo(function PlannerMachine({
  productId,
  model,
  units,
  bookings,
  first,
  days,
  actions,
}: {
  productId: string;
  model: string;
  /** Units in the fleet. */
  units: number;
  bookings: readonly BookingView[];
  first: string;
  days: number;
  actions: BarActions;
}) {
  const bars = barsOf(bookings, first, days);
  const overbooked = overbookedColumns(bookings, units, first, days);
  const lanes = Math.max(1, ...bars.map((bar) => bar.lane + 1)) + (overbooked.length > 0 ? 1 : 0);
  // A drag ends with a click on the bar: that click must not open its form.
  const dragged = useRef(false);
  /**
   * Dragging a bar moves it, dragging its right edge moves its last day, by whole days. The bar
   * follows the pointer through its style alone (no render while dragging); the change is saved on
   * release, as the keyboard's is.
   */
  const drag = (booking: BookingView, mode: "move" | "resize") => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const bar = event.currentTarget.closest<HTMLElement>("[data-booking]");
    if (!bar) return;
    const startX = event.clientX;
    let by = 0;
    bar.setPointerCapture(event.pointerId);
    const follow = (move: PointerEvent) => {
      by = Math.round((move.clientX - startX) / DAY_WIDTH);
      if (mode === "move") bar.style.transform = `translateX(${by * DAY_WIDTH}px)`;
      else bar.style.marginRight = `${-by * DAY_WIDTH}px`;
    };
    const release = () => {
      bar.removeEventListener("pointermove", follow);
      bar.removeEventListener("pointerup", release);
      bar.removeEventListener("pointercancel", release);
      bar.style.transform = "";
      bar.style.marginRight = "";
      if (by === 0) return;
      dragged.current = true;
      if (mode === "move") actions.onMove(booking, by);
      else actions.onResize(booking, by);
    };
    bar.addEventListener("pointermove", follow);
    bar.addEventListener("pointerup", release);
    bar.addEventListener("pointercancel", release);
  };
  const keys = (booking: BookingView) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (by !== 0) {
      event.preventDefault();
      if (event.shiftKey) actions.onResize(booking, by);
      else actions.onMove(booking, by);
    } else if (event.key === "Delete") {
      event.preventDefault();
      actions.onCancel(booking);
    }
  };
  return (
    <div
      role="group"
      aria-label={`${model}, flota ${units === 0 ? "0 (la cerere)" : units}`}
      className="planner-row"
      style={{ gridTemplateColumns: columns(days), gridTemplateRows: `repeat(${lanes}, 26px)` }}
    >
      <span className="planner-machine" style={{ gridRow: `1 / span ${lanes}` }}>
        {model}
        <small> ({units === 0 ? "la cerere" : `${units} buc.`})</small>
      </span>
      <PlannerDayCells
        model={model}
        first={first}
        days={days}
        lanes={lanes}
        start={Math.max(0, Math.min(days - 1, daysBetween(first, romanianDay())))}
        dayWidth={DAY_WIDTH}
        onCreate={(firstDay, lastDay) => actions.onCreate(productId, firstDay, lastDay)}
        onAnnounce={actions.onAnnounce}
      />
      {bars.map(({ booking, column, span, lane }) => (
        <button
          key={booking.uuid}
          type="button"
          data-booking={booking.uuid}
          className={`planner-bar planner-${booking.state}`}
          style={{ gridColumn: `${column + 2} / span ${span}`, gridRow: lane + 1 }}
          aria-label={`${model}: ${formatRange(booking.first_day, booking.last_day)}, ${booking.units} buc., ${BOOKING_STATE_LABELS[booking.state]}${booking.overbooked ? ", suprarezervat" : ""}. Sageti: mutati; Shift+sageti: ultima zi; Enter: formular; Delete: anulati`}
          onClick={() => {
            if (dragged.current) dragged.current = false;
            else actions.onOpen(booking);
          }}
          onKeyDown={keys(booking)}
          onPointerDown={drag(booking, "move")}
        >
          {booking.state === "confirmat" ? "C" : "T"}
          {booking.units}
          {booking.overbooked ? "!" : ""}
          <span className="planner-handle" aria-hidden="true" onPointerDown={drag(booking, "resize")} />
        </button>
      ))}
      {overbooked.map((column) => (
        <span
          key={column}
          className="planner-overbooked"
          style={{ gridColumn: column + 2, gridRow: lanes }}
          title={`Suprarezervat ${formatDay(addDays(first, column))}`}
        >
          !<span className="planner-hidden"> suprarezervat {formatDay(addDays(first, column))}</span>
        </span>
      ))}
    </div>
  );
});
