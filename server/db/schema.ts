import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { BookingState } from "../../common/bookings/booking-states.ts";
import type { Locale } from "../../common/language/language.ts";
import type { LeadStatus } from "../../common/leads/lead-schemas.ts";
import type { OfferState } from "../../common/offers/offer-states.ts";
import type { SpecificationKind } from "../../common/specifications/specification-schema.ts";
import type { UnitKey } from "../../common/specifications/units.ts";
import type { Role } from "../../common/team/roles.ts";

/** Timestamps are ISO-8601 UTC strings in both dialects, so rows read the same everywhere. */
type Timestamp = string;

export interface CategoryTable {
  id: string;
  name: string;
  /** English name; empty while not translated (pages then show `name`). */
  name_en: Generated<string>;
  /** Lower-case name with spaces as hyphens (spec §2); unique, so names are unique case-insensitively. */
  slug: string;
  header_image_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Added to by every save of the row: a save based on an older one is refused (decision 068). */
  version: Generated<number>;
}

export interface ProductTable {
  id: string;
  model: string;
  slug: string;
  /** Null once the category is deleted: the product stays and shows as 'Necunoscut'. */
  category_id: string | null;
  header_offer: string;
  details: string;
  technical_data: string;
  /** The three rich texts in English; each empty while not translated. */
  header_offer_en: Generated<string>;
  details_en: Generated<string>;
  technical_data_en: Generated<string>;
  header_image_id: string;
  /** Units in the fleet (decision 070); 0: not rentable now, shown as "on request". */
  units: Generated<number>;
  /** Its rates in minor units without VAT (decision 089); null: not given. */
  price_day: number | null;
  price_week: number | null;
  price_month: number | null;
  /** The deposit (garanție): shown, never added to a price. */
  price_deposit: number | null;
  price_operator_day: number | null;
  /** Fewer days are charged as this many (common/pricing/rental-price.ts). */
  price_minimum_days: number | null;
  /** 1: "preț la cerere", its rates never shown on the public side. */
  price_on_request: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Added to by every save of the row: a save based on an older one is refused (decision 068). */
  version: Generated<number>;
}

/**
 * Units of a machine taken from its first to its last day, both included (days in Romania,
 * 'YYYY-MM-DD'); a cancelled one (anulat) stays and counts nowhere (decision 070).
 */
export interface BookingTable {
  id: string;
  product_id: string;
  units: number;
  first_day: string;
  last_day: string;
  state: BookingState;
  /** 1: confirmed knowingly beyond the fleet on some day. */
  overbooked: Generated<number>;
  note: Generated<string>;
  /** The contact request it came from; null once that request is erased. */
  lead_id: string | null;
  /** The offer version whose machines it holds (decision 096); null for a booking made by hand. */
  offer_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Added to by every save of the row (decision 068). */
  version: Generated<number>;
}

/** A category's specification (decision 057): a typed figure each of its machines may have. */
export interface SpecificationTable {
  id: string;
  category_id: string;
  /** Names it in filter addresses: made from the Romanian name once, unique in the category, kept on rename. */
  key: string;
  name: string;
  name_en: Generated<string>;
  kind: SpecificationKind;
  /** A number's unit (a key of common/specifications/units.ts); null for a plain count and the other kinds. */
  unit: UnitKey | null;
  /** The category's order, from 0. */
  position: number;
  /** 1: shown on the category's cards; 1: offered as a filter. */
  on_card: Generated<number>;
  filter: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An option of a choice specification, in its order. */
export interface SpecificationOptionTable {
  id: string;
  specification_id: string;
  /** Names it in filter addresses, like a specification's key. */
  key: string;
  name: string;
  name_en: Generated<string>;
  position: number;
}

/** A machine's value for a specification: the one column its kind uses is set, the others null. */
export interface ProductSpecificationValueTable {
  product_id: string;
  specification_id: string;
  /** number: in the specification's unit. */
  number_value: number | null;
  /** choice: the option chosen. */
  option_id: string | null;
  /** yes_no: 1 or 0. */
  yes_no: number | null;
  /** text: the Romanian and the English (empty while not translated). */
  text_ro: string | null;
  text_en: string | null;
}

export interface ImageTable {
  id: string;
  mime_type: string;
  bytes: Uint8Array;
  byte_size: number;
  width: number;
  height: number;
  alt: string;
  created_at: Timestamp;
}

export interface ProductGalleryTable {
  product_id: string;
  image_id: string;
  position: number;
}

export interface BannerTable {
  id: string;
  image_id: string;
  position: number;
  /** Text shown over the picture, in Romanian and English (empty: none, or not translated). */
  caption: Generated<string>;
  caption_en: Generated<string>;
  /** The picture's description in English (the Romanian one is its image's `alt`); empty while not translated. */
  alt_en: Generated<string>;
  created_at: Timestamp;
  /** Added to by every save of the row: a save based on an older one is refused (decision 068). */
  version: Generated<number>;
}

export interface ConfigurationTable {
  id: string;
  key: string;
  value: string;
  updated_at: Timestamp;
  /** Added to by every save of the row: a save based on an older one is refused (decision 068). */
  version: Generated<number>;
}

/** One administrator action (decision 073); names copied, so an entry outlives its user and its item. */
export interface ActivityLogTable {
  id: string;
  at: Timestamp;
  /** Null for a login under a name no account has. */
  user_id: string | null;
  user_name: string;
  /** The client's address as the rate limits see it (TRUST_PROXY). */
  address: string;
  action: string;
  kind: string;
  item_id: string | null;
  item_name: string;
  /** One line in Romanian. */
  summary: string;
}

/** A deleted item in the trash (decision 074): its rows as JSON, its live rows gone. */
export interface TrashTable {
  id: string;
  /** product (for now; categories and banners follow). */
  kind: string;
  item_id: string;
  item_name: string;
  /** A machine's slug and its category's then: its address answers 410 while it is here. */
  slug: string | null;
  category_slug: string | null;
  deleted_at: Timestamp;
  user_id: string | null;
  user_name: string;
  snapshot: string;
}

/** A picture a trashed item needs: kept (row and files) while the entry exists. */
export interface TrashImageTable {
  trash_id: string;
  image_id: string;
}

/** A revision (decision 078): an item's state after a save, compressed; who saved it and when. */
export interface RevisionTable {
  id: string;
  /** product, category or configuration. */
  kind: string;
  /** The item's id; the configuration's revisions have CONFIGURATION_ITEM. */
  item_id: string;
  at: Timestamp;
  user_id: string | null;
  user_name: string;
  /** What made it: create, update, restore, import, or baseline (the state found at an item's first save). */
  action: string;
  /** One line in Romanian: what changed. */
  summary: string;
  /** The import (its activity log entry's id) that made it. */
  import_id: string | null;
  /** The item's state as JSON, brotli-compressed. */
  state: Uint8Array;
}

/** A picture a revision's state shows: kept (row and files) while the revision exists. */
export interface RevisionImageTable {
  revision_id: string;
  image_id: string;
}

export interface AppStateTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  /** Access tokens issued before this instant are refused (logout, password change, reset, deactivation). */
  tokens_valid_after: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The person's name as the team knows it (decision 091). */
  name: Generated<string>;
  /** The user name folded (lower case, no diacritics), unique: names differing only so are one account. */
  username_key: string;
  /** administrator, vanzari or catalog (common/team/roles.ts). */
  role: Generated<Role>;
  /** When the account was deactivated; null while it is active. */
  deactivated_at: Generated<Timestamp | null>;
  /** The account that sent the invitation; null for the first administrator. */
  invited_by: Generated<string | null>;
}

/**
 * A single-use hashed link, one table each: a link to choose the first password (user_invitations,
 * decision 091, 72 hours), a password reset (password_resets, an hour), the link between a password
 * accepted and the code still to give (login_challenges, decision 092, minutes). Only the token's hash
 * is kept; used once.
 */
export interface SingleUseLinkTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * Login attempts on an account from one client address, or from all of them (client "*"), in a
 * window (decision 053).
 */
export interface LoginClientTable {
  user_id: string;
  client: string;
  attempts: number;
  window_start: Timestamp;
  /** When this client last logged in to the account. */
  succeeded_at: Timestamp | null;
}

export interface RefreshTokenTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  /** The browser (User-Agent, shortened) and client address of the login or refresh that made it; null before decision 092. */
  user_agent: string | null;
  address: string | null;
}

/** An account's TOTP (decision 092): the secret encrypted, confirmed by a first code, and the last time step accepted. */
export interface SecondFactorTable {
  user_id: string;
  secret: string;
  confirmed_at: Timestamp | null;
  /** bigint: PostgreSQL's driver reads it as a string. */
  last_step: ColumnType<string | number | null, number | null, number | null>;
  created_at: Timestamp;
}

/** A recovery code's keyed hash; used once. */
export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LeadTable {
  id: string;
  last_name: string;
  first_name: string;
  email: string;
  phone: string;
  city: string;
  categories: string;
  message: string;
  lang: string;
  /** Where the administrator is with it: 'nou' (new), 'contactat', 'finalizat'. */
  status: Generated<LeadStatus>;
  /** The machine whose 'CERETI OFERTA' button opened the form; null once that machine is deleted. */
  product_id: string | null;
  /** Its model when the request was sent, kept when the machine is renamed or deleted. */
  product_model: string | null;
  /** The outbox message that reports the request to the company. */
  mail_id: string | null;
  /** 1 when the captcha was answered, 0 for a form posted without JavaScript. */
  verified: Generated<number>;
  /**
   * Name, e-mail, phone and city folded for the inbox's search (common/leads/lead-search.ts);
   * written by the repository.
   */
  search_text: string;
  created_at: Timestamp;
}

/** One machine of a request's quote list, with its model and category as they were when sent. */
export interface LeadItemTable {
  request_id: string;
  /** The visitor's order, from 0. */
  position: number;
  /** Not a foreign key: the machine may be deleted later, the request keeps it. */
  product_id: string;
  product_model: string;
  category_id: string | null;
  category_name: string | null;
  /** YYYY-MM-DD, a day in Romania; null: not decided. */
  start_date: string | null;
  days: number | null;
  /** 1: with an operator. */
  with_operator: number;
  /** How many of the machine (decision 098); 1 for requests from before it. */
  units: Generated<number>;
  /** When its request was received: the request's created_at. */
  received_at: Timestamp;
}

/** Recent contact requests by content: the same request again within minutes is a duplicate. */
export interface ContactFingerprintTable {
  fingerprint: string;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Where answers go (the visitor of a contact request). */
  reply_to: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  /** 1: the body holds a one-time secret (a reset link) and is dropped once the message is sent. */
  one_time: Generated<number>;
  /** The offer it carries or answers: its messages go when the request it was written for is erased. */
  offer_id: Generated<string | null>;
}

/** A file sent with an outbox message (an offer's PDF, a rental's .ics); deleted with its message. */
export interface MailAttachmentTable {
  mail_id: string;
  /** Its order in the message, from 0. */
  position: number;
  filename: string;
  content_type: string;
  content: Uint8Array;
}

export interface CaptchaSpentTable {
  signature: string;
  expires_at: Timestamp;
}

/**
 * A search of the public site that found nothing: its folded text, the day in Romania, how often
 * and when last (decision 060).
 */
export interface SearchMissTable {
  text: string;
  day: string;
  count: number;
  last_at: Timestamp;
}

/** A nightly backup (server/backups/): the night it belongs to, the instance that ran it, what came of it. */
export interface BackupRunTable {
  /** The Romanian day of the night: one run per day across every instance. */
  day: string;
  instance: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  /** 'running', 'ok' (written and verified) or 'failed'. */
  status: string;
  file: string | null;
  /** bigint: PostgreSQL's driver reads it as a string; the repository gives numbers (`BackupRun`). */
  bytes: ColumnType<number | string | null, number | null, number | null>;
  rows: ColumnType<number | string | null, number | null, number | null>;
  error: string | null;
  /** 'off' (no bucket configured), 'pending', 'uploaded' or 'failed'. */
  offsite: string;
  offsite_error: string | null;
}

/** An alert mailed to the administrators (server/monitoring/alerts.ts): one row per kind. */
export interface AlertTable {
  kind: string;
  /** 1 while the condition holds (mailed when it started, reminded while it lasts). */
  firing: number;
  since: Timestamp | null;
  last_mailed_at: Timestamp | null;
  detail: string | null;
}

/** A running instance's heartbeat (server/monitoring/heartbeat.ts), refreshed every minute. */
export interface InstanceTable {
  /** host:pid, as the nightly backup's claim names it. */
  id: string;
  version: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
}

/** The last offer number given in a year (decision 094): taken by updating the row in the offer's transaction. */
export interface OfferCounterTable {
  year: number;
  last_number: number;
}

/**
 * One version of an offer (decision 094): OF-<year>-<sequence>, its customer and language, its
 * percentages in hundredths, its validity (a Romanian day) and its totals in minor units as computed
 * once by common/pricing/offer-totals.ts.
 */
export interface OfferTable {
  id: string;
  year: number;
  sequence: number;
  number: string;
  offer_version: number;
  state: OfferState;
  /** The request it answers; null when written from scratch or once that request is erased. */
  lead_id: string | null;
  customer_name: string;
  customer_company: string;
  customer_email: string;
  customer_phone: string;
  lang: Locale;
  currency: string;
  vat_rate: number;
  discount: number;
  notes: string;
  valid_until: string;
  subtotal: number;
  discount_amount: number;
  net: number;
  vat_amount: number;
  total: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  /** SHA-256 of the personal link's token, set when the version is sent (decision 096). */
  link_hash: Generated<string | null>;
  /** The customer's answer and its proof (decision 097): when, the name typed, why refused. */
  answered_at: Generated<Timestamp | null>;
  answer_name: Generated<string | null>;
  answer_reason: Generated<string | null>;
  answer_address: Generated<string | null>;
  answer_user_agent: Generated<string | null>;
  /** SHA-256 of the offer's content as the customer's page showed it when answered. */
  answer_content_hash: Generated<string | null>;
  /** 1: accepted, but a machine could not be confirmed (taken meanwhile): the office calls. */
  booking_conflict: Generated<number>;
}

/** A line of an offer as written and priced: a machine's model and the rule's cover are kept. */
export interface OfferLineTable {
  offer_id: string;
  position: number;
  kind: "machine" | "free";
  description: string;
  /** Not a foreign key: the machine may be deleted later. Null for a free line. */
  product_id: string | null;
  first_day: string | null;
  last_day: string | null;
  days: number | null;
  units: number;
  with_operator: number;
  months: number | null;
  weeks: number | null;
  period_days: number | null;
  charged_days: number | null;
  rule_amount: number | null;
  amount: number;
  discount: number;
  discount_amount: number;
  total: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  images: ImageTable;
  product_gallery: ProductGalleryTable;
  specifications: SpecificationTable;
  specification_options: SpecificationOptionTable;
  product_specification_values: ProductSpecificationValueTable;
  banners: BannerTable;
  configuration: ConfigurationTable;
  app_state: AppStateTable;
  users: UserTable;
  login_clients: LoginClientTable;
  refresh_tokens: RefreshTokenTable;
  second_factors: SecondFactorTable;
  recovery_codes: RecoveryCodeTable;
  login_challenges: SingleUseLinkTable;
  password_resets: SingleUseLinkTable;
  user_invitations: SingleUseLinkTable;
  contact_requests: LeadTable;
  contact_request_items: LeadItemTable;
  mail_outbox: MailOutboxTable;
  mail_attachments: MailAttachmentTable;
  captcha_spent: CaptchaSpentTable;
  contact_fingerprints: ContactFingerprintTable;
  search_misses: SearchMissTable;
  bookings: BookingTable;
  activity_log: ActivityLogTable;
  trash: TrashTable;
  trash_images: TrashImageTable;
  revisions: RevisionTable;
  revision_images: RevisionImageTable;
  backup_runs: BackupRunTable;
  alerts: AlertTable;
  instances: InstanceTable;
  offer_counters: OfferCounterTable;
  offers: OfferTable;
  offer_lines: OfferLineTable;
}

export type CategoryRow = Selectable<CategoryTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
export type TrashRow = Selectable<TrashTable>;
export type RevisionRow = Selectable<RevisionTable>;
export type BackupRunRow = Selectable<BackupRunTable>;
export type NewCategory = Insertable<CategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type SpecificationRow = Selectable<SpecificationTable>;
export type NewSpecification = Insertable<SpecificationTable>;
export type SpecificationOptionRow = Selectable<SpecificationOptionTable>;
export type NewSpecificationOption = Insertable<SpecificationOptionTable>;
export type NewProductSpecificationValue = Insertable<ProductSpecificationValueTable>;
export type ImageRow = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;
export type BannerRow = Selectable<BannerTable>;
export type NewBanner = Insertable<BannerTable>;
export type ConfigurationRow = Selectable<ConfigurationTable>;
export type NewConfiguration = Insertable<ConfigurationTable>;
export type UserRow = Selectable<UserTable>;
export type BookingRow = Selectable<BookingTable>;
export type NewBooking = Insertable<BookingTable>;
