// Apart from constants.ts: only the home page and the banner manager need these texts, so the
// other pages' shared chunk does not carry them.

/** The four built-in banners shown when the banners table is empty (SPEC section 9). */
export const FALLBACK_BANNERS = [
  {
    image: "/demo/banners/summer-collection.svg",
    title: "Summer Collection",
    description: "Light fabrics and bright colours for the warmest days of the year.",
    buttonText: "Shop Summer",
  },
  {
    image: "/demo/banners/new-arrivals.svg",
    title: "New Arrivals",
    description: "Fresh styles from your favourite brands, just landed.",
    buttonText: "See What's New",
  },
  {
    image: "/demo/banners/exclusive-deals.svg",
    title: "Exclusive Deals",
    description: "Limited-time prices on selected pieces. Grab them while they last.",
    buttonText: "View Deals",
  },
  {
    image: "/demo/banners/seasons-essentials.svg",
    title: "Season's Essentials",
    description: "The wardrobe staples you will reach for all season long.",
    buttonText: "Shop Essentials",
  },
] as const;
