import { Link } from "@remix-run/react";
import { PROSE, useSiteContact } from "~/components/home/content-page";
import { PlacedImg, type ImgPlace } from "~/components/img";
import { CardList, TitledSection } from "~/components/section";
import { pageMeta } from "~/lib/seo";

const TEAM_PORTRAIT_IMAGE: ImgPlace = { width: 256, height: 256, className: "h-28 w-28 rounded-full bg-bloom-50" };

export const meta = pageMeta({
  title: "About Us",
  description:
    "How a kitchen-table hobby became Twistbloom: a small Burlington studio that twists everlasting pipe-cleaner bouquets by hand, and the four makers behind them.",
  path: "/about",
});

/** The h2 of the page's sections. */
const HEADING = "font-display text-3xl font-bold text-gray-900";

const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

const PRIMARY_BUTTON = "rounded-full bg-bloom-600 px-6 py-3 font-semibold text-white hover:bg-bloom-700";
const SECONDARY_BUTTON =
  "rounded-full border-2 border-bloom-600 px-6 py-3 font-semibold text-bloom-700 hover:bg-bloom-50";

/** Where the page sends a reader next: the shop first, then the tutorials and the contact form. */
const NEXT_LINKS = [
  { to: "/products", label: "Shop bouquets" },
  { to: "/blog", label: "Read the tutorials" },
  { to: "/contact", label: "Contact us" },
];

const TEAM = [
  {
    name: "Maya Thornton",
    role: "Founder & head florist",
    avatar: "/images/avatars/maya-thornton.svg",
    bio: "Maya twisted her first rose for her grandmother, who loved flowers but could not keep them in the house. She still designs every new bouquet, and the wedding orders are hers.",
  },
  {
    name: "Priya Raman",
    role: "Flower designer",
    avatar: "/images/avatars/priya-raman.svg",
    bio: "Priya trained in textile design and treats chenille like thread. Sunflowers, lavender and the pompom dahlias are her work, as are most of our colour palettes.",
  },
  {
    name: "Elliot Park",
    role: "Materials & wrapping",
    avatar: "/images/avatars/elliot-park.svg",
    bio: "Elliot sources every stem, tests new fibres for softness and colour-fastness, and wraps each bouquet in kraft paper so it arrives in the shape it left the studio.",
  },
  {
    name: "June Okafor",
    role: "Workshops & tutorials",
    avatar: "/images/avatars/june-okafor.svg",
    bio: "A former primary-school teacher, June runs our weekend workshops and writes the beginner tutorials on the blog, so anyone with a handful of stems can make a flower.",
  },
];

const VALUES = [
  {
    title: "Made by hand",
    text: "Every petal is bent by a person, not a machine. A bouquet takes between forty minutes and a whole afternoon.",
  },
  {
    title: "Made to last",
    text: "No water, no wilting, no waste. Our flowers stay bright on a shelf for years, and they never trigger hay fever.",
  },
  {
    title: "Made to share",
    text: "We publish our techniques for free, because the joy of making a flower is worth more than any trade secret.",
  },
];

export default function About() {
  const { name } = useSiteContact();
  return (
    <div>
      <section aria-labelledby="about-title" className="bg-bloom-50">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-bloom-700">Our story</p>
          <h1 id="about-title" className="mt-3 font-display text-4xl font-bold text-gray-900 sm:text-5xl">
            Flowers that never wilt, made by people who love them
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-gray-700">
            {name} is a small studio in Burlington, Vermont, where four makers twist soft chenille stems into bouquets
            for birthdays, weddings, goodbyes and every ordinary Tuesday that deserves flowers.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 lg:grid-cols-2 lg:gap-16">
        <TitledSection id="story-title" title="How it started" titleClassName={HEADING}>
          <div className={PROSE}>
            <p>
              In the winter of 2019 Maya&apos;s grandmother moved into a care home that did not allow fresh flowers.
              Maya, who had spent her childhood in her grandmother&apos;s garden, bought a pack of pipe cleaners and
              twisted a bunch of pink roses at the kitchen table. They sat on the windowsill for three years.
            </p>
            <p>
              Visitors kept asking where the roses came from, and then asking for their own. By 2021 the kitchen table
              had become a rented studio above a bakery on Maple Street, Priya and Elliot had joined, and the first
              online orders were going out wrapped in brown paper and string.
            </p>
            <p>
              Today we ship bouquets to ten countries, but the method has not changed: one stem, two hands, and as many
              twists as it takes.
            </p>
          </div>
        </TitledSection>
        <TitledSection
          id="mission-title"
          title="Our mission"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-bloom-100 sm:p-8"
          titleClassName={HEADING}
        >
          <div className={PROSE}>
            <p>
              To give people flowers that keep saying what they were meant to say, long after the day they were given,
              and to teach anyone who wants to learn how to make them.
            </p>
          </div>
          <CardList
            items={VALUES}
            keyOf={(value) => value.title}
            className="mt-6 grid gap-4"
            itemClassName="rounded-2xl bg-bloom-50 p-4"
          >
            {(value) => (
              <>
                <h3 className="font-semibold text-gray-900">{value.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-gray-700">{value.text}</p>
              </>
            )}
          </CardList>
        </TitledSection>
      </div>

      <section aria-labelledby="team-title" className="bg-bloom-50/60">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="team-title" className="font-display text-3xl font-bold text-gray-900 sm:text-4xl">
              Meet the makers
            </h2>
            <p className="mt-3 text-gray-600">The four pairs of hands behind every bouquet and every tutorial.</p>
          </div>
          <CardList
            items={TEAM}
            keyOf={(member) => member.name}
            className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
            itemClassName="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-bloom-100"
          >
            {(member) => (
              <>
                <PlacedImg place={TEAM_PORTRAIT_IMAGE} src={member.avatar} alt={`Portrait of ${member.name}`} />
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{member.name}</h3>
                <p className="text-sm font-medium text-bloom-700">{member.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-gray-700">{member.bio}</p>
              </>
            )}
          </CardList>
        </div>
      </section>

      <TitledSection
        id="next-title"
        title="Bring a bouquet home, or make your own"
        className="mx-auto max-w-4xl px-4 py-14 text-center"
        titleClassName={HEADING}
      >
        <p className="mx-auto mt-3 max-w-2xl text-gray-600">
          Browse the bouquets we have ready to ship, follow one of our free tutorials, or tell us about an occasion you
          would like us to make something for.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {NEXT_LINKS.map((link, index) => (
            <Link
              key={link.to}
              to={link.to}
              prefetch="intent"
              className={`${index === 0 ? PRIMARY_BUTTON : SECONDARY_BUTTON} ${FOCUS_RING}`}
            >
              {link.label}
            </Link>
          ))}
        </div>
      </TitledSection>
    </div>
  );
}
