/**
 * "Price dropped N%" next to a card's price: shown only when today's price is at least 5% under
 * the median of the past 30 days' lowest prices (docs/decisions/0063), so it claims only what the
 * recorded history shows. One class: a page of cards may repeat it.
 */
export function PriceDrop({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return <span className="price-drop">Price dropped {percent}%</span>;
}
