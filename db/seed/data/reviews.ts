import type { SeedReview } from "../types";
import { products } from "./products";

/**
 * The demo shop's reviews: real rows (the product's count and average are computed from them, like
 * every review's), written by shoppers who are not accounts here (no user, not verified purchases),
 * all published. A fixed choice, so the seed is the same on every run.
 */

type Template = Pick<SeedReview, "rating" | "title" | "body">;

/** Reviews that fit any finished bouquet or arrangement. */
const GENERAL: Template[] = [
  {
    rating: 5,
    title: "Even prettier in person",
    body: "The photos don't do it justice. The chenille has a soft shimmer when the light hits it and every petal is shaped so neatly. It has been on our hall table for a month and still looks brand new.",
  },
  {
    rating: 5,
    title: "A gift that won't wilt",
    body: "I wanted flowers that would still be around long after the day itself, and this was perfect. It arrived beautifully wrapped with a little handwritten tag. My sister keeps sending me photos of it on her windowsill.",
  },
  {
    rating: 5,
    title: "Such careful work",
    body: "You can tell each stem was made by hand. The wire cores are sturdy, so I could bend the stems to fit my vase without anything coming loose. Lovely colours too.",
  },
  {
    rating: 5,
    title: "Perfect for my allergic mum",
    body: "Mum loves flowers but fresh ones make her sneeze. These pipe-cleaner blooms were the answer: no pollen, no water, no mess. She was thrilled.",
  },
  {
    rating: 5,
    title: "Bought a second one",
    body: "Ordered one for a friend's birthday and liked it so much I came back for one for my own kitchen. Cheerful, well made and it packs a lot of colour.",
  },
  {
    rating: 5,
    title: "Made her cry (the good kind)",
    body: "Gave this to my partner and she was speechless. It's so soft to the touch and the little details, like the curled tendrils, make it feel really special.",
  },
  {
    rating: 5,
    title: "Fast delivery, lovely packaging",
    body: "Came two days earlier than I expected, nestled in tissue inside a sturdy box. Not a single petal was squashed. The bouquet itself is gorgeous.",
  },
  {
    rating: 5,
    title: "Looks real from across the room",
    body: "Guests keep asking where I got my flowers. Up close you see the fuzzy texture of the pipe cleaners, which is half the charm.",
  },
  {
    rating: 5,
    title: "Worth every penny",
    body: "I hesitated at the price, but the amount of handwork in this is obvious. It feels like a keepsake rather than a bunch of flowers that will be gone in a week.",
  },
  {
    rating: 5,
    title: "Brightens my desk",
    body: "I keep this next to my monitor at work and it makes me smile every morning. The colours are vivid without being garish.",
  },
  {
    rating: 5,
    title: "So soft and cheerful",
    body: "My little girl calls it the fluffy flowers and isn't allowed to touch it, but she does anyway. It has survived her and still looks great.",
  },
  {
    rating: 4,
    title: "Lovely, a little smaller than I pictured",
    body: "Beautifully made and the colours are spot on. It was a bit smaller than I imagined from the photos, so check the dimensions, but I'm very happy with it.",
  },
  {
    rating: 4,
    title: "Great gift, easy to reshape",
    body: "A couple of stems had shifted in the post but they bent right back into place. Really pretty once arranged and it has held its shape since.",
  },
  {
    rating: 4,
    title: "Very pretty",
    body: "Neat, even petals and a nice mix of colours. I'd have loved a bit more greenery, but it's a charming arrangement and my mother-in-law adored it.",
  },
  {
    rating: 4,
    title: "Charming and well packed",
    body: "Arrived safely in a lovely box. The blooms are soft and the wrapping is a nice touch. Took one star off only because delivery took a few days longer than quoted.",
  },
  {
    rating: 4,
    title: "Happy with it",
    body: "Good quality chenille and the stems feel sturdy. The shade of pink was slightly warmer than on my screen, but it still goes with our living room.",
  },
  {
    rating: 4,
    title: "Nice alternative to fresh flowers",
    body: "I like that it won't die while I'm away for work. It has a cosy, handmade look that suits our home. Would buy again for a friend.",
  },
  {
    rating: 4,
    title: "Sweet little arrangement",
    body: "Exactly the cheerful touch I wanted for the guest room. The petals could be fluffed a tad more, but that only took a minute with my fingers.",
  },
  {
    rating: 3,
    title: "Nice but not quite what I expected",
    body: "It's well made, but the colours came out more muted than in the listing photos. Still a pleasant decoration, just not the bright pop I was after.",
  },
  {
    rating: 3,
    title: "Okay for the price",
    body: "Pretty enough and clearly handmade. A few of the pipe-cleaner ends were poking out at the back, which I tucked in myself. Fine, not amazing.",
  },
  {
    rating: 3,
    title: "Smaller than hoped",
    body: "Good craftsmanship, but the bouquet looked a little sparse in my vase. I ended up adding a few stems of my own to fill it out.",
  },
  {
    rating: 2,
    title: "Arrived a bit squashed",
    body: "The box had been crushed in transit and several petals were flattened. Customer service were kind and helpful, but it took a while to reshape everything.",
  },
  {
    rating: 1,
    title: "Not for me",
    body: "I didn't realise these were made from pipe cleaners and the fuzzy look just isn't my style. Nothing wrong with the quality, I should have read the description.",
  },
];

/** Reviews of the kits, which shoppers make themselves. */
const KITS: Template[] = [
  {
    rating: 5,
    title: "Clear instructions, lovely result",
    body: "The step-by-step card was easy to follow and everything we needed was in the box. My first rose looked a bit wonky but by the third I had the hang of it.",
  },
  {
    rating: 5,
    title: "A perfect rainy afternoon",
    body: "Made these with my two kids (7 and 10) and they were absorbed for hours. Plenty of pipe cleaners, so nobody had to fight over the colours.",
  },
  {
    rating: 5,
    title: "Great first craft kit",
    body: "I'm not crafty at all and still ended up with a bouquet I'm proud of. Twisting the petals around a pencil, as the guide suggests, makes it so much easier.",
  },
  {
    rating: 4,
    title: "Fun, could use a few spare stems",
    body: "Really enjoyed making this. I ran short on green for the leaves because I made a couple of mistakes, so a few spares would be nice. Otherwise great.",
  },
  {
    rating: 4,
    title: "Good value",
    body: "Good quality chenille, a proper pair of wire snips and a tidy little guide. Took me about two hours for the full bunch.",
  },
  {
    rating: 3,
    title: "Enjoyable but fiddly",
    body: "The finished flowers are cute, but some of the smaller steps were hard to follow from the drawings. A link to a video would help beginners.",
  },
];

/** Reviews of the sympathy flowers, sent at a hard time. */
const SYMPATHY: Template[] = [
  {
    rating: 5,
    title: "A gentle, lasting gesture",
    body: "Sent this to a friend after her father passed. She told me it sits beside his photo and that it was a comfort that it would not fade. Beautifully and quietly made.",
  },
  {
    rating: 5,
    title: "Thoughtful and well presented",
    body: "Arrived in a calm, simple box with the card written exactly as I asked. The white blooms are soft and dignified.",
  },
  {
    rating: 5,
    title: "Something that stays",
    body: "Fresh flowers after a funeral all seem to wilt at once. This one is still on my aunt's mantelpiece months later and she says it helps.",
  },
  {
    rating: 4,
    title: "Lovely, delivery a day late",
    body: "The arrangement is tasteful and delicate. It reached my cousin a day after the date I chose, which was a shame, but the flowers themselves were just right.",
  },
];

/** Reviews from weddings. */
const WEDDING: Template[] = [
  {
    rating: 5,
    title: "Carried it down the aisle",
    body: "I wanted a bouquet I could keep forever and this is it. It photographed beautifully and now lives in a glass dome on our shelf.",
  },
  {
    rating: 5,
    title: "Matched our colours perfectly",
    body: "We sent a fabric swatch and the blooms matched it almost exactly. Light to hold all day and no worries about wilting in the summer heat.",
  },
  {
    rating: 4,
    title: "Beautiful, order early",
    body: "Gorgeous and well made. It took longer to arrive than I planned for, so if you have a date, order with plenty of time to spare.",
  },
];

const AUTHORS = [
  "Maya R.",
  "Daniel K.",
  "Priya S.",
  "Tom W.",
  "Amara O.",
  "Lucy H.",
  "Marcus B.",
  "Sofia G.",
  "Hannah L.",
  "Oliver P.",
  "Chloe M.",
  "Rashid A.",
  "Emma T.",
  "Jonah F.",
  "Grace N.",
  "Leila C.",
  "Ben D.",
  "Nadia V.",
  "Isabel Q.",
  "Kwame E.",
  "Ruth J.",
  "Sam Y.",
  "Eleanor W.",
  "Theo S.",
  "Yuki I.",
  "Fatima Z.",
  "Jack R.",
  "Aisha M.",
  "Harriet B.",
  "Luca F.",
  "Mei L.",
  "Owen G.",
];

const poolFor = (category: string) =>
  category === "diy-kits"
    ? [...KITS, ...GENERAL.slice(0, 6)]
    : category === "sympathy"
      ? [...SYMPATHY, ...GENERAL.slice(0, 4)]
      : category === "wedding"
        ? [...WEDDING, ...GENERAL]
        : GENERAL;

const DAY = 86400;

/**
 * Most products get three to seven reviews; every eighth gets none yet ("No reviews yet" is a
 * state the shop shows too). Within a product the templates and authors never repeat (strides
 * coprime with the pools' sizes), and each review is dated after the product was listed.
 */
export const reviews: SeedReview[] = products.flatMap((product, index) => {
  // Add-ons (in no category) are not reviewed.
  if (index % 8 === 7 || product.category === null) return [];
  const pool = poolFor(product.category);
  const count = 3 + ((index * 3) % 5);
  const stride = pool.length % 5 === 0 ? 3 : 5;
  return Array.from({ length: count }, (_, n): SeedReview => {
    const template = pool[(index * 7 + n * stride) % pool.length]!;
    return {
      product: product.slug,
      author_name: AUTHORS[(index * 11 + n * 3) % AUTHORS.length]!,
      ...template,
      created_at: product.created_at + (3 + n * 6 + (index % 6)) * DAY + ((index * 17 + n * 29) % 600) * 60,
    };
  });
});
