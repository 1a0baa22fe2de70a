import type { ColumnMap } from "./commission-report";

/**
 * The networks' own report layouts, so an owner does not map columns by hand: a report whose
 * header holds every column a preset names is read with that preset's mapping (the owner still
 * checks it once, e.g. the currency of a report without a currency column). Column names are as
 * the networks' documentation and their CSV downloads write them; each preset says where its list
 * comes from, or what it is based on where no published list was found.
 */
export interface ReportPreset {
  id: string;
  /** The network's name as the owner would type it. */
  network: string;
  /** The report's name in the network's own interface. */
  report: string;
  map: ColumnMap;
  /** Lines above the header the network writes (a title), for the form's hint. */
  note: string;
}

export const REPORT_PRESETS: readonly ReportPreset[] = [
  {
    // Awin's transactions download. Field names after Awin's transaction API (transactionDate,
    // clickRef, saleAmount, commissionAmount, commissionStatus: help.awin.com "Transaction
    // notifications" and the transactions API), spelled as the CSV download spells them; statuses
    // pending / approved / declined / deleted. Dates day first (Awin is UK based: 20/11/2026 14:05).
    id: "awin",
    network: "Awin",
    report: "Transactions (CSV download)",
    map: {
      columns: {
        date: "Transaction Date",
        orderId: "Transaction ID",
        item: "",
        subId: "Click Ref",
        sale: "Sale Amount",
        commission: "Commission Amount",
        currency: "Currency",
        status: "Commission Status",
      },
      // Every line carries its currency; this is only for an empty cell.
      defaultCurrency: "USD",
      dayFirst: true,
    },
    note: "One line per transaction; a later download repeats it with its new status.",
  },
  {
    // CJ's Commission Detail, as its export and the Commission Detail API name the fields
    // (developers.cj.com/graphql/reference/Commission Detail; the same names in Fivetran's "CJ
    // Commission Detail schema ERD"): action_status NEW / EXTENDED (pending), LOCKED / CLOSED
    // (final), correction_reason (RETURNED_MERCHANDISE …) on correction lines, which carry the
    // original order_id with negative amounts. Amounts in the publisher's currency.
    id: "cj",
    network: "CJ",
    report: "Commission Detail (CSV export)",
    map: {
      columns: {
        date: "event_date",
        orderId: "order_id",
        item: "",
        subId: "sid",
        sale: "sale_amount_pub_currency",
        commission: "pub_commission_amount_pub_currency",
        currency: "pub_currency",
        status: "action_status",
      },
      defaultCurrency: "USD",
      dayFirst: false,
    },
    note: "Correction lines (negative amounts, same order ID) are added to their order.",
  },
  {
    // Impact's Actions, with the field names of its Partner Actions API (api-evangelist/impact
    // "impact partner actions v16 openapi": Id, Oid, EventDate, State, Amount, Payout, Currency,
    // SubId1), which its CSV download of the same list uses. States PENDING / APPROVED / LOCKED
    // (final) / REVERSED.
    id: "impact",
    network: "Impact",
    report: "Actions (CSV download)",
    map: {
      columns: {
        date: "EventDate",
        orderId: "Oid",
        item: "",
        subId: "SubId1",
        sale: "Amount",
        commission: "Payout",
        currency: "Currency",
        status: "State",
      },
      defaultCurrency: "USD",
      dayFirst: false,
    },
    note: "One line per action; Oid is the shop's order ID.",
  },
  {
    // Amazon Associates' Fee-Earnings report download. Amazon's help page "How to read the
    // Earnings Report" (affiliate-program.amazon.com/help/node/topic/GCDWWRFEMW3Q2TE2) describes
    // the columns in words (items shipped, revenue, commission) but no CSV header was found
    // published; this list follows the download's header as it is commonly written: Category, Name, ASIN, Seller, Tracking ID, Date Shipped,
    // Price($), Items Shipped, Returns, Revenue($), Ad Fees($), Device Type Group. A title line
    // ("Fee-Earnings reports from … to …") comes first. There is no order ID: one line per item
    // shipped, every line final (shipped items are what Amazon pays for).
    id: "amazon",
    network: "Amazon",
    report: "Earnings report (Fee-Earnings download)",
    map: {
      columns: {
        date: "Date Shipped",
        orderId: "",
        item: "ASIN",
        subId: "Tracking ID",
        sale: "Revenue($)",
        commission: "Ad Fees($)",
        currency: "",
        status: "",
      },
      defaultCurrency: "USD",
      dayFirst: false,
    },
    note: "A title line above the header; one line per item shipped, keyed by date, ASIN, tracking ID and price.",
  },
  {
    // ShareASale's affiliate Activity Details download. ShareASale's help ("Transaction Detail
    // Report", help.shareasale.com) names the fields in words (order number, lock date, sale
    // amount, commission, voided) but no published column list was found; these names follow the
    // affiliate download's header (Trans ID, Trans Date, Trans Amount, Commission, Afftrack) with
    // its Status column (Pending / Locked, final / Paid / Voided). A download without a Status
    // column is mapped by hand once.
    id: "shareasale",
    network: "ShareASale",
    report: "Activity Details (CSV download)",
    map: {
      columns: {
        date: "Trans Date",
        orderId: "Trans ID",
        item: "",
        subId: "Afftrack",
        sale: "Trans Amount",
        commission: "Commission",
        currency: "",
        status: "Status",
      },
      defaultCurrency: "USD",
      dayFirst: false,
    },
    note: "Amounts in US dollars; a voided transaction is reversed.",
  },
  {
    // Rakuten Advertising's Signature Orders report. Not found as a published column list; based
    // on the report's download header (Member ID (U1), Order ID, Transaction Date, Sales, Total
    // Commission, Process Date …), the report being named in Windsor.ai's Rakuten Advertising
    // field reference ("Signature Orders Report"). It has no status column: a return is a later
    // line of the same Order ID with negative Sales and Total Commission, netted with its order.
    id: "rakuten",
    network: "Rakuten",
    report: "Signature Orders report",
    map: {
      columns: {
        date: "Transaction Date",
        orderId: "Order ID",
        item: "",
        subId: "Member ID (U1)",
        sale: "Sales",
        commission: "Total Commission",
        currency: "",
        status: "",
      },
      defaultCurrency: "USD",
      dayFirst: false,
    },
    note: "No status column: returns are negative lines of the same order.",
  },
];

const mappedColumns = (map: ColumnMap) => Object.values(map.columns).filter((column) => column !== "");

/** The preset whose every column is in these headers (the most specific first), or null. */
export function presetForHeaders(headers: readonly string[]): ReportPreset | null {
  const present = new Set(headers.map((header) => header.trim()));
  let best: ReportPreset | null = null;
  for (const preset of REPORT_PRESETS) {
    const columns = mappedColumns(preset.map);
    if (!columns.every((column) => present.has(column))) continue;
    if (!best || columns.length > mappedColumns(best.map).length) best = preset;
  }
  return best;
}

/**
 * The preset for a report's first look: the one its header matches; else the one of the network
 * the owner named, with the columns this file lacks left for the owner to choose.
 */
export function presetForReport(network: string, headers: readonly string[]): { preset: ReportPreset; whole: boolean } | null {
  const matched = presetForHeaders(headers);
  if (matched) return { preset: matched, whole: true };
  const named = REPORT_PRESETS.find((preset) => preset.network.toLowerCase() === network.trim().toLowerCase());
  if (!named) return null;
  const present = new Set(headers.map((header) => header.trim()));
  const columns = Object.fromEntries(
    Object.entries(named.map.columns).map(([field, column]) => [field, present.has(column) ? column : ""]),
  ) as ColumnMap["columns"];
  return { preset: { ...named, map: { ...named.map, columns } }, whole: false };
}
