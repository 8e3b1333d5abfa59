// The parcel of an order in shipping: the carrier and tracking number the owner gives when marking
// it "In shipping" (issue 48, point 20; docs/decisions/0060-order-numbers-and-tracking.md). For the
// carriers below the shopper gets a link to the carrier's own tracking page; any other carrier's
// name and number are shown as text.

export type Parcel = { carrier: string; trackingNumber: string };

/** The owner's status form sends this with its parcel fields, so a field left blank is told from one not sent. */
export const PARCEL_FIELDS = "parcel";

/** Longest carrier name and tracking number accepted (the longest real numbers have about 34 characters). */
export const CARRIER_MAX = 40;
export const TRACKING_MAX = 40;
export const TRACKING_MIN = 4;
/** A carrier's name: letters, digits, spaces and the punctuation real names use ("Royal Mail", "PostNL", "La Poste"). */
export const CARRIER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} &.'()-]*$/u;
/** A tracking number: Latin letters and digits, with the spaces or hyphens it may be printed with. */
export const TRACKING_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** The carriers the shop links to, with their public tracking pages (checked by hand; each takes the number in its address). */
export const CARRIERS: ReadonlyArray<{ name: string; track: (number: string) => string }> = [
  { name: "UPS", track: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { name: "FedEx", track: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { name: "USPS", track: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { name: "DHL", track: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}` },
  { name: "Royal Mail", track: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { name: "Canada Post", track: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}` },
  { name: "Australia Post", track: (n) => `https://auspost.com.au/mypost/track/details/${n}` },
];

const known = (carrier: string) => CARRIERS.find((c) => c.name.toLowerCase() === carrier.trim().replace(/\s+/g, " ").toLowerCase());

/** A carrier as stored: a known one in its own spelling ("ups" is "UPS"), another as typed, spaces tidied. */
export const carrierName = (carrier: string) => known(carrier)?.name ?? carrier.trim().replace(/\s+/g, " ");

/** A tracking number as stored: without the spaces it was printed with, in capitals. */
export const trackingNumberOf = (number: string) => number.replace(/\s+/g, "").toUpperCase();

/** The carrier's tracking page for this parcel, or null (no number, or a carrier the shop does not know). */
export function trackingUrl(parcel: Parcel): string | null {
  const carrier = known(parcel.carrier);
  if (!carrier || !parcel.trackingNumber) return null;
  return carrier.track(encodeURIComponent(parcel.trackingNumber));
}

/** What the shopper reads: "UPS 1Z999…", "Sent with Royal Mail", "Tracking number AB12…"; null without a parcel. */
export function parcelText(parcel: Parcel): string | null {
  if (parcel.carrier && parcel.trackingNumber) return `${parcel.carrier} ${parcel.trackingNumber}`;
  if (parcel.carrier) return `Sent with ${parcel.carrier}`;
  if (parcel.trackingNumber) return `Tracking number ${parcel.trackingNumber}`;
  return null;
}
