import type { ColumnType, Generated } from "kysely";
import type { SubscriberStatus } from "~/lib/newsletter/newsletter";
import type { OutboxState } from "~/lib/mail/outbox-view";

/**
 * The database as Kysely sees it, one interface per table. Column types are dialect-neutral
 * on the way in; on the way out a few differ by driver (PostgreSQL gives Date and boolean where
 * SQLite gives text and 0/1), so rows are turned into domain objects by ../products/product-row-mapping.ts
 * and ../catalog/collection-rows.ts.
 */

/** ISO-8601 text on SQLite, timestamptz (read as Date) on PostgreSQL. */
type Timestamp = ColumnType<Date | string, string | undefined, string>;
/** 0/1 on SQLite, boolean on PostgreSQL; written as boolean (SQLite gets 1/0 from a plugin). */
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;
/** A JSON array stored as text, so both dialects read it the same way. */
type JsonList = ColumnType<string, string | undefined, string>;

export interface ProductsTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  slug: string;
  name: string;
  brand: string;
  category_id: string | null;
  tagline: string | null;
  description: string | null;
  full_description: string | null;
  // price_cents, sale_price_cents, sale_ends_at and affiliate_link are a copy kept by
  // refreshProductPrice (app/server/offers/maintained-price.server.ts) after every offer write, in the same
  // transaction; never typed into directly. The price columns hold the displayed price (the one
  // price function, for the site's country and currency) so collection price rules and list keys
  // still filter and sort in SQL; affiliate_link is the primary offer's link, for the link checker.
  /** Money is integer cents: 99,999,999.99 dollars needs a 64-bit integer. */
  price_cents: number | null;
  sale_price_cents: number | null;
  /** YYYY-MM-DD */
  sale_ends_at: string | null;
  images: JsonList;
  capacity: number | null;
  dimensions: string | null;
  weight_lbs: number | null;
  heater_type: string | null;
  heater_spec: string | null;
  key_features: JsonList;
  /** The maker's own site; stays on the product (it is not an offer). */
  website: string | null;
  /** The primary offer's link (see above). */
  affiliate_link: string | null;
  /** 0 to 5 with one decimal; null means not yet rated, shown as such and never given a default (ADR 0006). */
  rating: number | null;
  reviews_number: number | null;
  /** The review count as the source wrote it, e.g. "45+". */
  review_count: string | null;
  shipping_info: string | null;
  /** The owner's own "best seller" mark: the only source of that badge (sales are not measured here). */
  best_seller: Flag;
  /** Digits (8, 12, 13 or 14, check digit valid), unique: what a merchant feed's item is matched by first (ADR 0064). */
  gtin: Generated<string | null>;
  /** The maker's part number; a feed item is matched by it (any letter case) when no GTIN matches. */
  mpn: Generated<string | null>;
  // The in-depth review (migrations/2026_11_28_0200_review_depth.ts); rating is derived from the scores when there are any.
  verdict: Generated<string | null>;
  pros: Generated<string>;
  cons: Generated<string>;
  score_build_quality: Generated<number | null>;
  score_heat_efficiency: Generated<number | null>;
  score_installation: Generated<number | null>;
  score_warranty: Generated<number | null>;
  score_value: Generated<number | null>;
  best_for: Generated<string | null>;
  skip_if: Generated<string | null>;
  /** Slugs of up to three other products (JSON list). */
  alternatives: Generated<string>;
  /** The reviewer's name; the review links to the author page of an author of that name. */
  reviewer: Generated<string | null>;
  /** Who tested the product, a name like `reviewer`; null: the reviewer did. */
  tester: Generated<string | null>;
  /** YYYY-MM-DD */
  tested_on: Generated<string | null>;
  /** Customers' average rating (0–5) at customer_review_source; AggregateRating is published only from it. */
  customer_rating: Generated<number | null>;
  customer_review_source: Generated<string | null>;
  is_sample: Flag;
  /** A sample row the owner edited or an import overwrote: still a sample, listed by the removal as edited (migration 2026_11_29_1300). */
  sample_edited: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Derived on every save so the public lists filter and sort in SQL (ADR 0017,
  // app/lib/catalog/product-list-keys.ts); never edited by hand.
  list_tags: Generated<string>;
  search_name: Generated<string>;
  search_text: Generated<string>;
  feature_words: Generated<string>;
  brand_key: Generated<string>;
  category_key: Generated<string>;
  heater_key: Generated<string>;
  /** The heater's family for the sauna table (migration 2026_11_29_0900_sauna_table_indexes). */
  heater_family: Generated<string>;
  review_total: number | null;
}

export type CriteriaType = "custom" | "category" | "brand" | "price" | "size" | "heater_type" | "features" | "use_case";

/** A shop that sells products; its offers are matched to it by domain (migrations/2026_11_26_0000_merchants_and_offers.ts). */
export interface MerchantsTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  /** Unique, lower case, from the name or domain. */
  slug: string;
  name: string;
  /** The shop's domain, e.g. "fernhollow.example"; offers' links are matched to a merchant by it. */
  domain: string | null;
  logo_url: string | null;
  /** ISO 3166-1 alpha-2 codes (upper case) it sells to; [] = everywhere. */
  countries: JsonList;
  /** Query parameters added to every offer link of this merchant that lacks them, e.g. "tag=mysite-20". */
  affiliate_params: string | null;
  /** How a click's sub-ID is added to this merchant's links, e.g. "clickref={id}"; null: none (lib/offers/sub-id.ts). */
  sub_id_template: ColumnType<string | null, string | null | undefined, string | null>;
  /** Tracking ID per kind of page, JSON {"product": "mysite-prod-20"}; null: none (lib/offers/tracking-ids.ts). */
  tracking_ids: ColumnType<string | null, string | null | undefined, string | null>;
  is_sample: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One product at one merchant; unique (product_id, merchant_id). */
export interface OffersTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  /** products(id), on delete cascade. */
  product_id: number;
  /** merchants(id), on delete restrict. */
  merchant_id: number;
  /** The offer the product form and the product CSV's price and link columns read and write: one per product at most. */
  is_primary: Flag;
  /** The link a buyer is sent to (the affiliate link). */
  link: string | null;
  /** Integer minor units of `currency` (cents for USD, EUR). */
  price_minor: number | null;
  /** ISO 4217, upper case; default "USD". */
  currency: string;
  sale_price_minor: number | null;
  /** YYYY-MM-DD, the last day of the sale (same meaning as products.sale_ends_at). */
  sale_ends_at: string | null;
  /** "InStock", "OutOfStock", "PreOrder", "BackOrder", "Discontinued" or (the default) "unknown". */
  availability: string;
  /** YYYY-MM-DD: the day a pre-order or back-order ships, when the shop says. */
  available_from: string | null;
  shipping_note: string | null;
  /** ISO 3166-1 alpha-2 codes this offer serves; [] = the merchant's countries. */
  countries: JsonList;
  /** Where the offer came from: "form", "csv" or "feed". */
  source: string;
  /** When the price was last confirmed (a save, an import, a feed run). */
  confirmed_at: Timestamp;
  /** When price_minor or sale_price_minor last changed. */
  price_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The feed that last wrote this offer (feeds.id; cleared when the feed is deleted), null for a form or CSV offer. */
  feed_id: Generated<number | null>;
  /** The feed item's id: an offer of the feed whose item is missing from a run is marked out of stock. */
  feed_item_id: Generated<string | null>;
}

/** A merchant's product feed (docs/decisions/0064): its items become offers at that merchant. */
export interface FeedsTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  name: string;
  /** merchants(id), on delete restrict. */
  merchant_id: number;
  /** "url" | "upload". */
  source_kind: string;
  url: string | null;
  /** The stored upload's name in the feed-files bucket (before, under DATA_DIR/feeds). */
  upload_name: string | null;
  /** The upload's name as the owner's computer called it, for the screens. */
  upload_original_name: string | null;
  /** A FeedFormat; null = detected on each read. */
  format: string | null;
  /** A FeedColumnMapping as JSON, for "csv-mapped". */
  mapping: string | null;
  /** ISO 4217: the prices' currency when a price and the mapping do not say; null = the feed must say. */
  currency: Generated<string | null>;
  /** "," | "." for amounts that do not show theirs; null = decided from the file's first prices. */
  decimal_mark: Generated<string | null>;
  /** A FeedSchedule: "off" | "hourly" | "6h" | "daily". */
  schedule: Generated<string>;
  last_run_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeedRunsTable {
  id: Generated<number>;
  /** feeds(id), on delete cascade. */
  feed_id: number;
  started_at: Timestamp;
  finished_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** "running" (also while its job waits) | "previewed" | "saved" | "failed" | "discarded". */
  status: string;
  /** "manual" | "schedule". */
  trigger: string;
  new_count: Generated<number>;
  changed_count: Generated<number>;
  unchanged_count: Generated<number>;
  gone_count: Generated<number>;
  unmatched_count: Generated<number>;
  rejected_count: Generated<number>;
  /** Why the run failed, in the owner's words. */
  error: string | null;
  fingerprint: string | null;
  /** The run page's lists as JSON (FeedRunDetails), capped. */
  details: string | null;
  milliseconds: number | null;
  /** jobs(id) of the run of owner work that carries this feed run out (no foreign key: jobs are forgotten). */
  job_id: number | null;
}

/** The owner's "this feed item is product X". */
export interface FeedItemLinksTable {
  id: Generated<number>;
  feed_id: number;
  item_id: string;
  /** products(id), on delete cascade. */
  product_id: number;
  created_at: Timestamp;
}

/**
 * One change of an offer's price, sale, currency, availability or shop, written by triggers on
 * offers (migrations/2026_11_26_0100_offer_price_history.ts); the state holds until the offer's next row.
 */
export interface OfferPriceHistoryTable {
  id: Generated<number>;
  /** products(id), on delete cascade. */
  product_id: number;
  /** The offer's id, without a foreign key: a removed offer keeps its past. */
  offer_id: number;
  merchant_id: number;
  price_minor: number | null;
  sale_price_minor: number | null;
  sale_ends_at: string | null;
  currency: string;
  availability: string;
  recorded_at: Timestamp;
}

export interface CollectionsTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  intro: string | null;
  image_url: string | null;
  criteria_type: ColumnType<CriteriaType, CriteriaType | undefined, CriteriaType>;
  criteria_value: string | null;
  featured: Flag;
  /**
   * The page keeps listing its rule's saunas and adds the stored ones to them (pinned extras);
   * false: stored products, when there are any, are the whole list. Meaningless without a rule.
   */
  keeps_rule: Flag;
  is_sample: Flag;
  /** A sample row the owner edited or an import overwrote: still a sample, listed by the removal as edited (migration 2026_11_29_1300). */
  sample_edited: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CollectionProductsTable {
  collection_id: number;
  product_id: number;
  position: number;
}

/** A product's role in a collection, or its place under "Also tested" (docs/decisions/0108). */
export interface CollectionPicksTable {
  collection_id: number;
  product_id: number;
  role: PickRoleKey;
  /** The owner's own label, for role 'custom' only. */
  label: string | null;
  /** The one line why (for 'also-tested', its sentence). */
  reason: string;
  position: number;
}

export type PickRoleKey = "best-overall" | "runner-up" | "budget" | "upgrade" | "custom" | "also-tested";

/** A dated public note on what changed in a review or an article (docs/decisions/0108). */
export interface UpdateNotesTable {
  id: Generated<number>;
  subject_type: "review" | "article";
  /** The product's id for a review, the article's id for an article. */
  subject_id: number;
  /** YYYY-MM-DD (UTC). */
  noted_on: string;
  text: string;
  /** The e-mail address of who wrote it. */
  author: string;
  created_at: Millis;
}

/** Which products carry each list tag, derived from products.list_tags by triggers (migration 2026_11_28_0700_product_list_tags). */
export interface ProductListTagsTable {
  tag: string;
  product_id: number;
  /** The product's own updated_at. */
  updated_at: Timestamp;
}

type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** Newsletter subscribers (double opt-in); see migrations/2026_11_22_2350_subscribers.ts. */
export interface SubscribersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased. */
  email: string;
  status: ColumnType<SubscriberStatus, SubscriberStatus | undefined, SubscriberStatus>;
  /** SHA-256 (hex) of the pending confirmation link's token; null once used. */
  confirm_token_hash: string | null;
  confirm_sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Price-drop alerts (double opt-in); see migrations/2026_11_26_0300_price_alerts.ts. */
export interface PriceAlertsTable {
  id: Generated<number>;
  /** Trimmed and lower-cased. */
  email: string;
  /** products(id), on delete cascade. */
  product_id: number;
  status: ColumnType<SubscriberStatus, SubscriberStatus | undefined, SubscriberStatus>;
  /** Minor units of `currency` (a string from PostgreSQL's bigint); null: a drop of 5% or more. */
  target_price_minor: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** ISO 4217 of the prices here: the site's currency when the reader subscribed. */
  currency: string;
  /** The displayed price when the reader last subscribed. */
  price_at_subscribe_minor: ColumnType<number | string, number, number>;
  /** SHA-256 (hex) of the pending confirmation link's token; null once used. */
  confirm_token_hash: string | null;
  confirm_sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  /** When the last alert mail went (or was claimed for sending), and at which price. */
  last_sent_at: NullableTimestamp;
  last_sent_price_minor: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The owner's weight (percent) of each review criterion in the overall rating; absent rows take the defaults. */
export interface ReviewWeightsTable {
  criterion: string;
  percent: number;
}

/** Facts about this installation, e.g. when the sample content was seeded. */
export interface SiteStateTable {
  key: string;
  value: string;
}

// better-auth's tables, named and shaped as better-auth expects them (camelCase columns).
type AuthDate = ColumnType<Date | string | number, Date | string, Date | string>;

export interface UserTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: string;
  name: string;
  email: string;
  emailVerified: Flag;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  role: string | null;
  banned: Flag | null;
  banReason: string | null;
  banExpires: AuthDate | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** A deleted product's old address answers 410 Gone from this record. */
export interface RemovedProductsTable {
  slug: string;
  product_id: number;
  name: string;
  category_id: string | null;
  removed_at: Generated<string>;
}

/** One run over every shop link (docs/decisions/0030-link-health.md). */
export interface LinkCheckRunsTable {
  id: Generated<number>;
  trigger: "manual" | "schedule";
  /** 1 while the run is in progress (unique: one run at a time); null once it has ended. */
  active: number | null;
  total: number;
  checked: Generated<number>;
  broken: Generated<number>;
  /** Links left for a later run: their shop's daily budget of checks was spent (migration 2026_11_30_0300). */
  deferred: Generated<number>;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Why the run ended early (stopped with the server, taken over after its process died). */
  error: string | null;
}

/** The last check of one product's affiliate link or website. */
/** The last check of an offer's link (app/server/links/link-check-runs.server.ts). */
export interface OfferLinkResultsTable {
  /** offers(id), on delete cascade. */
  offer_id: number;
  url: string;
  outcome: string;
  status_code: number | null;
  final_url: string | null;
  error: string | null;
  checked_at: Timestamp;
  duration_ms: number;
  run_id: number | null;
}

/** The last check of an off-site address the published articles link to (migrations/2026_11_30_0200_article_link_results.ts). */
export interface ArticleLinkResultsTable {
  url: string;
  outcome: string;
  status_code: number | null;
  final_url: string | null;
  error: string | null;
  checked_at: Timestamp;
  duration_ms: number;
  run_id: number | null;
}

export interface LinkCheckResultsTable {
  product_id: number;
  link: "affiliate" | "website";
  /** The address checked: compared with the product's link now to tell a stale result. */
  url: string;
  /** One of LINK_OUTCOMES (app/lib/links/link-outcomes.ts). */
  outcome: string;
  status_code: number | null;
  final_url: string | null;
  error: string | null;
  checked_at: Timestamp;
  duration_ms: number;
  run_id: number | null;
}

export interface Database {
  products: ProductsTable;
  merchants: MerchantsTable;
  offers: OffersTable;
  offer_price_history: OfferPriceHistoryTable;
  feeds: FeedsTable;
  feed_runs: FeedRunsTable;
  feed_item_links: FeedItemLinksTable;
  link_check_runs: LinkCheckRunsTable;
  link_check_results: LinkCheckResultsTable;
  offer_link_results: OfferLinkResultsTable;
  article_link_results: ArticleLinkResultsTable;
  removed_products: RemovedProductsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  collection_picks: CollectionPicksTable;
  update_notes: UpdateNotesTable;
  product_list_tags: ProductListTagsTable;
  site_state: SiteStateTable;
  review_weights: ReviewWeightsTable;
  subscribers: SubscribersTable;
  price_alerts: PriceAlertsTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  auth_attempt: AuthAttemptTable;
  job_runs: JobRunsTable;
  jobs: JobsTable;
  catalog_changes: CatalogChangesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  clicks: ClicksTable;
  click_days: ClickDaysTable;
  click_product_days: ClickProductDaysTable;
  click_source_days: ClickSourceDaysTable;
  click_readers: ClickReadersTable;
  click_salts: ClickSaltsTable;
  click_address_days: ClickAddressDaysTable;
  page_view_days: PageViewDaysTable;
  page_view_device_days: PageViewDeviceDaysTable;
  click_sub_ids: ClickSubIdsTable;
  commission_networks: CommissionNetworksTable;
  commissions: CommissionsTable;
  commission_uploads: CommissionUploadsTable;
  audit_log: AuditLogTable;
  used_challenges: UsedChallengesTable;
  mail_sends: MailSendsTable;
  outbox: OutboxTable;
  authors: AuthorsTable;
  articles: ArticlesTable;
  article_revisions: ArticleRevisionsTable;
  product_revisions: ProductRevisionsTable;
  article_redirects: ArticleRedirectsTable;
  today_marks: TodayMarksTable;
  owner_digest_recipients: OwnerDigestRecipientsTable;
  measurement_definitions: MeasurementDefinitionsTable;
  measurement_weights: MeasurementWeightsTable;
  measurement_values: MeasurementValuesTable;
  ab_tests: AbTestsTable;
  ab_test_views: AbTestViewsTable;
}

/** An A/B test of the buy button on one kind of page (migrations/2026_11_29_1700_ab_tests.ts). */
export interface AbTestsTable {
  id: Generated<number>;
  /** One of TEST_PAGE_KINDS (app/lib/ab-tests/buy-button.ts). */
  page_kind: string;
  /** label, style or order. */
  element: string;
  /** A JSON array of the element's options, control first. */
  variants: string;
  status: "running" | "ended";
  started_at: Millis;
  ended_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The variant whose option was applied when the test ended; null: none was. */
  applied_variant: ColumnType<number | null, number | null | undefined, number | null>;
  version: ColumnType<number, number | undefined, number>;
}

/** Views of a test's variant, as the readers' browsers reported them. */
export interface AbTestViewsTable {
  test_id: number;
  variant: number;
  views: ClickCount;
}

/** An item of the owner's Today list snoozed or marked done (migrations/2026_11_29_1100_today.ts). */
export interface TodayMarksTable {
  rule: string;
  subject: string;
  state: "snoozed" | "done";
  /** Milliseconds since 1970: the end of a snooze; null for done. */
  until_at: ColumnType<number | string | null, number | null, number | null>;
  marked_at: Millis;
  /** The e-mail address of who marked it. */
  marked_by: string;
}

/** An admin on the weekly digest's list; the signed unsubscribe link names the id. */
export interface OwnerDigestRecipientsTable {
  id: Generated<number>;
  user_id: string;
  email: string;
  status: "subscribed" | "unsubscribed";
  unsubscribed_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  last_sent_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Millis;
}

/** What the owner measures in a test (docs/decisions/0109). */
export interface MeasurementDefinitionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  unit: string;
  better: "higher" | "lower";
  method: string;
  /** The test method's version: values taken under another one are kept but not compared. */
  method_version: ColumnType<number, number | undefined, number>;
  position: number;
  /** The row's edit version: a save names the one it loaded and is refused over a newer one. */
  version: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
}

/** The owner's weight (0–10) of a measurement in one usage's score. */
export interface MeasurementWeightsTable {
  measurement_id: number;
  usage: string;
  weight: number;
}

/** One product's value of one measurement, under the method version it was taken with. */
export interface MeasurementValuesTable {
  product_id: number;
  measurement_id: number;
  value: number;
  /** YYYY-MM-DD, or null when not known. */
  measured_on: string | null;
  method_version: number;
}

/** Milliseconds since 1970 (a string from PostgreSQL's bigint). */
type Millis = ColumnType<number | string, number, number>;

/** Who writes the Knowledge Center's articles (app/server/articles/). */
export interface AuthorsTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  slug: string;
  name: string;
  title: string;
  bio: string;
  /** One line on why to trust them, e.g. "Certified sauna builder, 12 years". */
  credentials: Generated<string>;
  /** Site-relative picture, or null for their initials. */
  image: string | null;
  /** What the picture shows. */
  image_alt: Generated<string>;
  /** Their profiles elsewhere: https addresses, a JSON array as text. */
  profile_links: JsonList;
  is_sample: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export type ArticleStatus = "draft" | "scheduled" | "published";

/** One Knowledge Center article: its Markdown body and publication state (docs/decisions/0078). */
export interface ArticlesTable {
  /** Bumped by every write (migration 2026_11_29_0400_row_versions): an admin save names the one it loaded. */
  version: Generated<number>;
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  meta_title: string | null;
  meta_description: string | null;
  category_slug: string;
  /** Tag names, a JSON array as text. */
  tags: JsonList;
  author_id: number | null;
  /** Who tried what the article describes; null: its author. */
  tester_id: ColumnType<number | null, number | null | undefined, number | null>;
  image: string;
  image_alt: string;
  featured: Flag;
  body: string;
  read_time_minutes: number | null;
  status: ArticleStatus;
  /** When it goes (scheduled) or went (published) live, milliseconds since 1970. */
  publish_at: ColumnType<number | string | null, number | null, number | null>;
  /** YYYY-MM-DD, set by "Mark as updated". */
  last_updated: string | null;
  is_sample: Flag;
  /** A sample row the owner edited or an import overwrote: still a sample, listed by the removal as edited (migration 2026_11_29_1300). */
  sample_edited: Flag;
  created_at: Millis;
  updated_at: Millis;
}

/** Every save of an article keeps one: who and when, and the fields as saved (JSON). */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  saved_at: Millis;
  user_id: string | null;
  user_email: string;
  snapshot: string;
}

/** Every save of a product's fields or of its review keeps one: who, when, and the form's values as saved (JSON). */
export interface ProductRevisionsTable {
  id: Generated<number>;
  product_id: number;
  part: "product" | "review";
  saved_at: Millis;
  user_id: string | null;
  user_email: string;
  /** The revision a restore put back, else null. */
  restored_from: number | null;
  snapshot: string;
}

/** An address an article had before its slug changed: it answers 301 to the current one. */
export interface ArticleRedirectsTable {
  old_slug: string;
  article_id: number;
}

/** One counted outbound click (app/server/clicks/): no cookie, no address, nothing about the visitor. */
export interface ClicksTable {
  id: Generated<number>;
  /** Milliseconds since 1970 (a string from PostgreSQL's bigint). */
  clicked_at: ColumnType<number | string, number, number>;
  product_id: number;
  /** A normalised page kind: home, collection:<slug>, product:<slug>... (app/lib/clicks/tracked-link.ts). */
  source: string;
  /** The reader's country (ISO 3166-1, upper case) as /go read it; null when unknown or before it was kept. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** The merchant whose offer the click went to; null for the maker's website or the survey form. */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the link sat: one of app/lib/clicks/placement.ts's PLACEMENTS ("other" when it named none). */
  placement: ColumnType<string, string | undefined, string>;
  /** phone, tablet or desktop (app/lib/clicks/device-class.ts); "unknown" for clicks counted before it was kept. */
  device: ColumnType<string, string | undefined, string>;
  /** The A/B test and variant the reader was in (app/lib/ab-tests/buy-button.ts); null outside any test. */
  ab_test_id: ColumnType<number | null, number | null | undefined, number | null>;
  ab_variant: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A string from PostgreSQL's bigint. */
type ClickCount = ColumnType<number | string, number, number>;

/** The daily roll-ups, incremented with every flush of raw rows. `day` is YYYY-MM-DD, UTC. */
export interface ClickDaysTable {
  day: string;
  clicks: ClickCount;
}

export interface ClickProductDaysTable {
  day: string;
  product_id: number;
  clicks: ClickCount;
}

export interface ClickSourceDaysTable {
  day: string;
  source: string;
  clicks: ClickCount;
}

/**
 * A reader's last counted click of one product, for 30 minutes (app/server/clicks/click-readers.server.ts):
 * a keyed hash of address, User-Agent and product under the day's salt, never the address.
 */
export interface ClickReadersTable {
  reader: string;
  /** Milliseconds since 1970 (a string from PostgreSQL's bigint). */
  counted_at: ColumnType<number | string, number, number>;
}

/**
 * How many clicks of one product from one client address passed the reader check on one UTC day
 * (app/server/clicks/click-readers.server.ts caps the counted ones): a keyed hash of address and
 * product under the day's salt, never the address.
 */
export interface ClickAddressDaysTable {
  address_key: string;
  day: string;
  clicks: ClickCount;
}

/** Anonymous views of one public page on one UTC day (app/server/views/): a count, nothing about the reader. */
export interface PageViewDaysTable {
  day: string;
  /** The page's path, e.g. /reviews/product/tyyni-4. */
  path: string;
  views: ClickCount;
}

/** The random sub-ID a counted click carried to the shop, with what the site knew of that click. */
export interface ClickSubIdsTable {
  sub_id: string;
  /** Milliseconds since 1970 (a string from PostgreSQL's bigint). */
  clicked_at: ColumnType<number | string, number, number>;
  product_id: number;
  merchant_id: number | null;
  source: string;
  country: string | null;
  /** As in clicks. */
  placement: ColumnType<string, string | undefined, string>;
  device: ColumnType<string, string | undefined, string>;
  /** The A/B test and variant the reader was in (app/lib/ab-tests/buy-button.ts); null outside any test. */
  ab_test_id: ColumnType<number | null, number | null | undefined, number | null>;
  ab_variant: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Page views per UTC day, kind of page (app/lib/views/page-view.ts) and device class: a count, nothing about the reader. */
export interface PageViewDeviceDaysTable {
  day: string;
  kind: string;
  device: string;
  views: ClickCount;
}

/** An affiliate network whose reports the owner uploads, with the mapping of their columns. */
export interface CommissionNetworksTable {
  id: Generated<number>;
  name: string;
  /** JSON of lib/revenue/commission-report.ts's ColumnMap. */
  column_map: string;
  report_url: string | null;
}

/** One order a network reported; unique (network_id, order_id). Amounts in hundredths of `currency`. */
export interface CommissionsTable {
  id: Generated<number>;
  network_id: number;
  order_id: string;
  sub_id: string | null;
  ordered_at: ColumnType<number | string, number, number>;
  sale_hundredths: ColumnType<number | string, number, number>;
  commission_hundredths: ColumnType<number | string, number, number>;
  /** ISO 4217, upper case. */
  currency: string;
  /** "pending" | "approved" | "reversed". */
  status: string;
  updated_at: ColumnType<number | string, number, number>;
}

/** The random key of one UTC day's reader hashes, deleted when the day is over. */
export interface ClickSaltsTable {
  /** YYYY-MM-DD. */
  day: string;
  /** Hex. */
  salt: string;
}

/** One admin action or admin sign-in (app/server/audit/audit-log.server.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  /** Milliseconds since 1970 (a string from PostgreSQL's bigint). */
  at: ColumnType<number | string, number, number>;
  user_id: string | null;
  /** The account's address when it acted. */
  user_email: string;
  action: string;
  detail: string;
  /** The client's address as the site reads it (TRUST_PROXY). */
  address: string | null;
}

/** Abuse-limit counters (app/server/auth/rate-limit.server.ts): one row per counted attempt. */
export interface AuthAttemptTable {
  key: string;
  account: string | null;
  /** Milliseconds since 1970. */
  at: number;
}

/** When each periodic job last started (app/server/jobs/job-runner.server.ts); times in milliseconds since 1970. */
export interface JobRunsTable {
  name: string;
  last_started_at: number;
  last_finished_at: number | null;
  runs: Generated<number>;
  last_instance: string | null;
}

/** One run of owner work (app/server/jobs/job-queue.server.ts); times in milliseconds since 1970. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  state: "queued" | "running" | "done" | "failed" | "cancelled";
  label: string;
  /** JSON: what the run is to do. */
  payload: string;
  started_by: string | null;
  created_at: number;
  started_at: number | null;
  heartbeat_at: number | null;
  lease_until: number | null;
  finished_at: number | null;
  /** host:pid:boot of the worker process holding the run. */
  worker: string | null;
  progress_done: Generated<number>;
  progress_total: number | null;
  progress_note: string | null;
  cancel_requested: Generated<number>;
  /** JSON: what the run did, for its page. */
  result: string | null;
  error: string | null;
}

/** A catalog change made by one process of a SQLite site, for the others (app/server/catalog/catalog-broadcast.server.ts). */
export interface CatalogChangesTable {
  id: Generated<number>;
  instance: string;
  at: number;
}

/** An uploaded file kept in the database (app/server/storage/database-storage.server.ts). */
export interface StoredFilesTable {
  bucket: string;
  name: string;
  /** Changes on every write; names the chunks. */
  version: string;
  size: number;
  chunks: number;
  /** Milliseconds since 1970. */
  modified_at: number;
}

export interface StoredFileChunksTable {
  version: string;
  seq: number;
  data: Uint8Array;
}

/** A solved proof-of-work challenge, accepted once (app/server/flood/flood-challenge.server.ts). */
export interface UsedChallengesTable {
  signature: string;
  /** Milliseconds since 1970. */
  expires_at: number;
}

/** One message sent, for the daily cap per recipient (app/server/mail/recipient-cap.server.ts). */
/** One message to send (app/server/mail/outbox.server.ts); times in milliseconds since 1970. */
export interface OutboxTable {
  id: Generated<number>;
  /** The Message-ID header, angle brackets included, made when the row is written. */
  message_id: string;
  recipient: string;
  subject: string;
  /** Null once sent. */
  text_body: string | null;
  html_body: string | null;
  /** JSON object of extra headers. */
  headers: string;
  log_line: string | null;
  state: OutboxState;
  attempts: Generated<number>;
  created_at: Millis;
  next_attempt_at: Millis;
  sent_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  /** host:pid:boot of the sender holding the row, while it is 'sending'. */
  lease_owner: string | null;
  lease_until: Millis | null;
}

export interface MailSendsTable {
  /** SHA-256 (hex) of the normalised address. */
  recipient: string;
  /** Milliseconds since 1970. */
  at: number;
}

/** A commission report kept for reading until it is saved or a day old (docs/decisions/0100). */
export interface CommissionUploadsTable {
  id: string;
  network: string;
  report_url: string | null;
  started_by: string | null;
  byte_size: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The report's latest run (jobs.id). */
  job_id: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: ColumnType<number | string, number, number>;
  saved_at: ColumnType<number | string | null, number | null | undefined, number | null>;
}
