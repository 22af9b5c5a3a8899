import type { ProductColor, SeedCategory } from "../types";

const image = (slug: string) => `/images/categories/${slug}.svg`;

export const categories: SeedCategory[] = [
  {
    name: "Mother's Day",
    slug: "mothers-day",
    description:
      "Soft pinks, peaches and lavenders twisted into bouquets that say thank you to the woman who did everything.",
    image: image("mothers-day"),
    icon: "💐",
    sort_order: 1,
  },
  {
    name: "Father's Day",
    slug: "fathers-day",
    description:
      "Bold sunflowers, deep blues and desk-friendly arrangements for dads who would never buy themselves flowers.",
    image: image("fathers-day"),
    icon: "👔",
    sort_order: 2,
  },
  {
    name: "Wedding",
    slug: "wedding",
    description:
      "Bridal bouquets, bridesmaid posies and boutonnieres that stay picture-perfect long after the last dance.",
    image: image("wedding"),
    icon: "💍",
    sort_order: 3,
  },
  {
    name: "Anniversary",
    slug: "anniversary",
    description: "Roses and romantic mixes in reds and burgundies to mark another year together, and every year after.",
    image: image("anniversary"),
    icon: "💞",
    sort_order: 4,
  },
  {
    name: "Graduation",
    slug: "graduation",
    description: "Cheerful bouquets in bright, school-spirit colours to celebrate the big walk across the stage.",
    image: image("graduation"),
    icon: "🎓",
    sort_order: 5,
  },
  {
    name: "Sympathy",
    slug: "sympathy",
    description:
      "Gentle whites, blues and lavenders for quiet moments of remembrance. A lasting sign that you are thinking of them.",
    image: image("sympathy"),
    icon: "🕊️",
    sort_order: 6,
  },
  {
    name: "Birthday",
    slug: "birthday",
    description:
      "Confetti-bright bouquets full of colour and personality, made to be the happiest thing on the gift table.",
    image: image("birthday"),
    icon: "🎂",
    sort_order: 7,
  },
  {
    name: "Valentine's Day",
    slug: "valentines-day",
    description: "Red roses, heart-shaped posies and sweet little bundles for the one who makes your heart twist.",
    image: image("valentines-day"),
    icon: "❤️",
    sort_order: 8,
  },
  {
    name: "Get Well Soon",
    slug: "get-well-soon",
    description: "Sunny, pollen-free bouquets that are welcome in any hospital room and need no water or vase.",
    image: image("get-well-soon"),
    icon: "🌼",
    sort_order: 9,
  },
  {
    name: "Thank You",
    slug: "thank-you",
    description: "Small, thoughtful bouquets for teachers, neighbours, hosts and everyone who went the extra mile.",
    image: image("thank-you"),
    icon: "🙏",
    sort_order: 10,
  },
  {
    name: "Home Decor",
    slug: "home-decor",
    description:
      "Vase arrangements, single stems and wreaths that bring year-round colour to shelves, desks and doorways.",
    image: image("home-decor"),
    icon: "🏡",
    sort_order: 11,
  },
  {
    name: "DIY Craft Kits",
    slug: "diy-kits",
    description:
      "Everything you need to twist your own bouquet at home, with pre-cut stems and illustrated instructions.",
    image: image("diy-kits"),
    icon: "✂️",
    sort_order: 12,
  },
];

/** Colours the image generator uses for each category banner. */
export const categoryColors: Record<string, ProductColor[]> = {
  "mothers-day": ["pink", "peach", "lavender"],
  "fathers-day": ["yellow", "blue", "orange"],
  wedding: ["white", "peach", "gold"],
  anniversary: ["red", "burgundy", "pink"],
  graduation: ["yellow", "blue", "purple"],
  sympathy: ["white", "lavender", "blue"],
  birthday: ["orange", "pink", "yellow", "purple"],
  "valentines-day": ["red", "pink", "white"],
  "get-well-soon": ["yellow", "orange", "white"],
  "thank-you": ["peach", "lavender", "yellow"],
  "home-decor": ["blue", "white", "green"],
  "diy-kits": ["purple", "orange", "green", "pink"],
};
