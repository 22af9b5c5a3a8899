import { formatMoney, type Currency } from "~/lib/money";

interface Day {
  day: string;
  orders: number;
  value_cents: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 22, left: 28 };

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Orders per day as bars, drawn on the server as SVG: no chart library reaches the browser, and it
 * shows without JavaScript. Each bar has a tooltip (its <title>); the same figures are in a table
 * under "Show as a table" for screen readers and for anyone who wants the numbers.
 */
export function OrdersChart({ days, currency }: { days: Day[]; currency: Currency }) {
  const busiest = Math.max(0, ...days.map((d) => d.orders));
  const most = Math.max(1, busiest);
  // A round top for the axis: 1, 2, 5, 10, 20, 50...
  const top =
    [1, 2, 5]
      .flatMap((n) => [n, n * 10, n * 100, n * 1000])
      .sort((a, b) => a - b)
      .find((n) => n >= most) ?? most;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.orders, 0);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="orders-chart-title orders-chart-desc"
        className="h-auto w-full"
        preserveAspectRatio="none"
      >
        <title id="orders-chart-title">Orders per day</title>
        <desc id="orders-chart-desc">
          {`${total} orders from ${first ? shortDay(first) : ""} to ${last ? shortDay(last) : ""}; the busiest day had ${busiest}.`}
        </desc>
        {[0, top / 2, top].map((tick) => {
          const y = PAD.top + plotHeight - (tick / top) * plotHeight;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-gray-200" strokeWidth="1" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-gray-600 text-[10px]">
                {Number.isInteger(tick) ? tick : ""}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const height = (d.orders / top) * plotHeight;
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          return (
            <rect
              key={d.day}
              x={x}
              y={PAD.top + plotHeight - height}
              width={barWidth}
              height={height}
              rx="2"
              className="fill-bloom-500"
            >
              <title>{`${shortDay(d.day)}: ${d.orders} ${d.orders === 1 ? "order" : "orders"}, ${formatMoney(d.value_cents, currency)}`}</title>
            </rect>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 6} className="fill-gray-600 text-[10px]">
          {first ? shortDay(first) : ""}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-gray-600 text-[10px]">
          {last ? shortDay(last) : ""}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-bloom-800 underline">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Orders per day</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1">
                Day
              </th>
              <th scope="col" className="py-1">
                Orders
              </th>
              <th scope="col" className="py-1">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td className="py-0.5">{shortDay(d.day)}</td>
                <td className="py-0.5">{d.orders}</td>
                <td className="py-0.5">{formatMoney(d.value_cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
