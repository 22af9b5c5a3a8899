import type { SeedHomeSection } from "../types";

/** Home page sections in the spec's "Home data" shape. Product lists are filled live by the app. */
export const homeSections: SeedHomeSection[] = [
  {
    key: "hero",
    is_active: true,
    sort_order: 1,
    data: {
      is_active: true,
      background_gradient: "linear-gradient(135deg, #fff1f5 0%, #fdf6ec 50%, #eef7f0 100%)",
      badge_text: "Handmade in small batches",
      title_line1: "Flowers that",
      title_line2: "never wilt,",
      title_line3: "twisted by hand",
      description:
        "Pipe-cleaner bouquets shaped stem by stem in our studio. Soft, bright and built to last, they say everything fresh flowers do and stay on the shelf for years.",
      feature_1_text: "Free shipping over $50",
      feature_2_text: "Delivered in 3-5 business days",
      feature_3_text: "30-day returns",
      cta_primary_text: "Shop Bouquets",
      cta_primary_url: "/products",
      cta_secondary_text: "Learn to Make Them",
      cta_secondary_url: "/blog",
      trust_text: "Loved by more than 12,000 happy gift-givers",
      main_image: "/images/home/hero-main.svg",
      image_1: "/images/home/hero-1.svg",
      image_2: "/images/home/hero-2.svg",
      badge_label: "Everlasting",
    },
  },
  {
    key: "shop_by_occasion",
    is_active: true,
    sort_order: 2,
    data: {
      title: "Shop by Occasion",
      subtitle: "A bouquet for every moment worth remembering",
      categories: [
        { name: "Mother's Day", icon: "💐", url: "/products?category=mothers-day", slug: "mothers-day" },
        { name: "Father's Day", icon: "👔", url: "/products?category=fathers-day", slug: "fathers-day" },
        { name: "Wedding", icon: "💍", url: "/products?category=wedding", slug: "wedding" },
        { name: "Anniversary", icon: "💞", url: "/products?category=anniversary", slug: "anniversary" },
        { name: "Graduation", icon: "🎓", url: "/products?category=graduation", slug: "graduation" },
        { name: "Sympathy", icon: "🕊️", url: "/products?category=sympathy", slug: "sympathy" },
      ],
    },
  },
  {
    key: "monthly_best_sellers",
    is_active: true,
    sort_order: 3,
    data: {
      title: "This Month's Best Sellers",
      subtitle: "The bouquets our customers keep coming back for",
      limit: 4,
    },
  },
  {
    key: "make_it_special",
    is_active: true,
    sort_order: 4,
    data: {
      title: "Make It Special",
      subtitle:
        "Choose your colours, add a name tag or match a wedding palette. Tell us what you have in mind and we will twist a one-of-a-kind bouquet just for you.",
      button_text: "Request a Custom Bouquet",
      button_url: "/contact",
    },
  },
  {
    key: "unforgettable_gifts",
    is_active: true,
    sort_order: 5,
    data: {
      title: "Unforgettable Gifts",
      subtitle: "Hand-picked favourites from the studio, ready to brighten someone's day",
      limit: 4,
    },
  },
  {
    key: "faq",
    is_active: true,
    sort_order: 6,
    data: {
      title: "Frequently Asked Questions",
      subtitle: "Everything you need to know before you order",
      items: [
        {
          question: "How do I place an order?",
          answer:
            "Browse the shop, add the bouquets you love to your cart and go to checkout. You can check out as a guest or sign in to track your orders. We confirm every order by email as soon as it is placed.",
        },
        {
          question: "How do I care for a pipe-cleaner bouquet?",
          answer:
            "No water, no sunlight schedule, no wilting. Keep your bouquet away from damp and direct heat, dust it now and then with a soft dry brush or a hair dryer on the cool setting, and gently reshape any petal that gets bent.",
        },
        {
          question: "How long does delivery take?",
          answer:
            "Standard delivery arrives in 3-5 business days and is free on orders over $50. Express delivery (1-2 business days) and economy delivery (7-14 business days) are available at checkout.",
        },
        {
          question: "Can I order a custom bouquet?",
          answer:
            "Yes. We make custom bouquets for weddings, events and personal gifts in any colours you like. Send us the details through the contact page and we will reply within 24 hours with ideas and a quote.",
        },
        {
          question: "Do you offer cash on delivery?",
          answer:
            "Cash on delivery is the payment method for every order. You pay the courier when your bouquet arrives, so there is nothing to pay online.",
        },
        {
          question: "What is your return policy?",
          answer:
            "If you are not completely happy, you can return any bouquet in its original condition within 30 days of delivery for a full refund. Custom orders can be exchanged if they arrive damaged.",
        },
      ],
    },
  },
];
