import { BarChart } from "@mantine/charts";
import { useNavigate } from "react-router";
import type { Figure } from "./overview-figures.ts";

interface OverviewChartProps {
  figures: readonly Figure[];
  /** Bars across, one per row with its name on the left: for names longer than an axis tick. */
  across?: boolean;
  height: number;
}

/**
 * A bar chart of the overview's figures (@mantine/charts on recharts), loaded with React.lazy by the
 * overview screen alone, so no other screen carries recharts. Drawn for the eye: hidden from screen
 * readers and out of the keyboard's way (no recharts accessibility layer), because the table beside
 * it holds the same figures with the same links; a click on a bar opens the inbox filtered by it.
 */
export default function OverviewChart({ figures, across = false, height }: OverviewChartProps) {
  const navigate = useNavigate();
  const open = (index: number) => {
    const figure = figures[index];
    if (figure) void navigate(figure.href);
  };
  return (
    <div aria-hidden="true">
      <BarChart
        h={height}
        data={figures.map(({ tick, count }) => ({ tick, count }))}
        dataKey="tick"
        series={[{ name: "count", label: "Cereri", color: "blue.8" }]}
        orientation={across ? "vertical" : "horizontal"}
        accessibilityLayer={false}
        withBarValueLabel
        // The bars' labels are written by the value formatter: without one they stay empty.
        valueFormatter={(value) => String(value)}
        valueLabelProps={{ fill: "var(--mantine-color-text)" }}
        textColor="gray.8"
        // Across, every name is shown; along, a phone shows every other week rather than overlapping them.
        yAxisProps={across ? { width: 140, interval: 0 } : { allowDecimals: false }}
        xAxisProps={{ allowDecimals: false }}
        barProps={{ cursor: "pointer", onClick: (_bar, index) => open(index) }}
      />
    </div>
  );
}
