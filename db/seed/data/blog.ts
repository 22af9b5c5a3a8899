import type { SeedAuthor, SeedBlog, SeedBlogCategory } from "../types";

export const blogCategories: SeedBlogCategory[] = [
  { name: "Flower Tutorials", slug: "flower-tutorials" },
  { name: "Bouquet Arranging", slug: "bouquet-arranging" },
  { name: "Kids Crafts", slug: "kids-crafts" },
  { name: "Seasonal Projects", slug: "seasonal-projects" },
  { name: "Tips & Techniques", slug: "tips-techniques" },
];

export const authors: SeedAuthor[] = [
  {
    name: "Maya Thornton",
    slug: "maya-thornton",
    avatar: "/images/avatars/maya-thornton.svg",
    colors: ["pink", "burgundy"],
  },
  { name: "Priya Raman", slug: "priya-raman", avatar: "/images/avatars/priya-raman.svg", colors: ["orange", "purple"] },
  { name: "Elliot Park", slug: "elliot-park", avatar: "/images/avatars/elliot-park.svg", colors: ["blue", "green"] },
  {
    name: "June Okafor",
    slug: "june-okafor",
    avatar: "/images/avatars/june-okafor.svg",
    colors: ["yellow", "lavender"],
  },
];

const MAYA = authors[0]!;
const PRIYA = authors[1]!;
const ELLIOT = authors[2]!;
const JUNE = authors[3]!;

/** Unix seconds for a UTC date and hour. */
const utc = (year: number, month: number, day: number, hour = 9) => Date.UTC(year, month - 1, day, hour) / 1000;
const blogImage = (slug: string) => `/images/blog/${slug}.svg`;

/** A tutorial as written here: what follows from its slug and its author is left to `tutorial`. */
type TutorialText = Omit<SeedBlog, "featured_image" | "og_image" | "author_name" | "author_avatar"> & {
  author: SeedAuthor;
};

/** A tutorial's record: both its images are named after its slug, its author's name and avatar are the author's. */
function tutorial({ author, ...text }: TutorialText): SeedBlog {
  const image = blogImage(text.slug);
  return { ...text, featured_image: image, og_image: image, author_name: author.name, author_avatar: author.avatar };
}

const tutorials: TutorialText[] = [
  {
    slug: "how-to-make-pipe-cleaner-roses",
    title: "How to Make Pipe-Cleaner Roses That Look Real",
    excerpt:
      "The rolled rose is the foundation of almost every bouquet we make. Learn the spiral technique, how to shape the outer petals and how to add leaves that hold their curve.",
    content: `<p>If you only ever learn one pipe-cleaner flower, make it the rose. It is the first thing every new maker in our studio learns, it is the flower customers ask for most, and once you have the spiral technique in your fingers you can use it for rosebuds, ranunculus and even peonies. This tutorial walks through the same method we use for the roses in our Dozen Red Forever Roses.</p>
<p>The secret to a rose that looks real rather than like a coil of fluff is tension. The centre is wound tightly, the middle petals a little looser, and the outer petals are opened and curled by hand at the end. Take your time over the first one; by the third you will be working twice as fast.</p>
<h2>Materials</h2>
<ul>
<li>3 red chenille stems, 30 cm long and 6 mm thick</li>
<li>1 burgundy chenille stem for the heart of the rose</li>
<li>2 green chenille stems for the stem and leaves</li>
<li>1 length of 18-gauge florist wire, about 35 cm</li>
<li>Green floral tape</li>
<li>Small wire cutters (never use good scissors on pipe cleaners)</li>
<li>A pencil or a chopstick to wind around</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Bend a small hook, about 1 cm, at the top of the florist wire. This hook stops the flower from sliding off the stem later.</li>
<li>Hook one end of the burgundy stem over the wire hook and squeeze it closed with your fingers. Wind the burgundy stem tightly around the top of the wire three or four times to build a firm bud about the size of a pea.</li>
<li>Twist the first red stem onto the wire just below the bud. Wrap it around the bud in a spiral, keeping each turn slightly higher than the last so the red just covers the burgundy at the top. This forms the closed inner petals.</li>
<li>Join the second red stem. This time, make a loop about 3 cm long every half turn: fold the stem back on itself, pinch the loop flat and carry on wrapping. You should get four or five loops around the bud.</li>
<li>Join the third red stem and repeat with bigger loops, about 4 cm long. Stagger them so each outer loop sits between two loops of the previous round, just like the petals of a real rose.</li>
<li>Tuck the final end under the base of the flower and squeeze it tight against the wire so nothing unravels.</li>
<li>Shape the rose. Roll the tip of each outer petal backwards over the pencil to curl it, and gently press the middle petals inward so the bloom looks like it is just opening.</li>
<li>Make two leaves by folding a green stem into a 5 cm loop, twisting the base and pinching the tip into a point. Make a second leaf the same way.</li>
<li>Wrap the wire with green floral tape from the base of the bloom downwards, adding the leaves about a third of the way down as you go. Stretch the tape slightly as you wrap so it grips.</li>
</ol>
<h2>Tips for realistic roses</h2>
<ul>
<li>Use two shades. A darker heart (burgundy inside red, or coral inside pink) gives depth that a single colour never will.</li>
<li>Vary the size. In a bouquet, make a few roses with only two rounds of petals to act as buds.</li>
<li>Brush the pile. Before you start, run your fingernail along each stem against the grain to fluff it up. Fluffier chenille hides the wire better.</li>
<li>Do not overwind. If your rose looks like a ball, your loops are too short. Open them up and let the outer petals breathe.</li>
</ul>
<p>Once you have made a few, try our bouquet arranging guide to turn them into a full hand-tie. And if you would like everything measured and cut for you, the Beginner Rose Making Kit has enough materials for six roses and a printed version of this guide.</p>`,
    difficulty: "beginner",
    author: MAYA,
    status: "published",
    is_featured: true,
    published_at: utc(2026, 2, 3),
    reading_time: 5,
    view_count: 4821,
    like_count: 612,
    meta_title: "How to Make Realistic Pipe-Cleaner Roses | Twistbloom",
    meta_description:
      "A step-by-step tutorial for realistic pipe-cleaner roses: the spiral technique, looped outer petals and leaves that hold their shape.",
    meta_keywords: "pipe cleaner roses, chenille rose tutorial, how to make roses, craft roses",
    tags: ["roses", "beginner", "bouquet"],
    categories: ["flower-tutorials"],
    related_products: ["beginner-rose-making-kit", "dozen-red-forever-roses", "single-forever-rose"],
    colors: ["red", "burgundy", "green"],
  },
  {
    slug: "easy-pipe-cleaner-sunflowers",
    title: "Easy Pipe-Cleaner Sunflowers in Fifteen Minutes",
    excerpt:
      "Big, bold and almost impossible to get wrong. These sunflowers use a simple looped-petal method and a coiled centre, and they are a favourite with kids and grown-ups alike.",
    content: `<p>Sunflowers are the happiest flowers we make, and they are also among the easiest. There is no tricky spiralling here: every petal is a simple loop, and the centre is a flat coil that you can make while chatting. Give yourself fifteen minutes for the first one and you will be surprised how quickly a whole jug of them comes together.</p>
<p>This is the same technique we use for the blooms in Sunny Desk Sunflowers, just scaled down slightly so it works with standard 30 cm stems.</p>
<h2>Materials</h2>
<ul>
<li>4 yellow chenille stems</li>
<li>1 brown chenille stem and 1 orange chenille stem for the centre</li>
<li>2 green chenille stems</li>
<li>1 length of florist wire or a wooden skewer for the stem</li>
<li>A dab of craft glue (optional)</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Make the centre first. Twist the brown and orange stems together along their whole length, then coil them into a flat spiral like a snail shell, about 4 cm across. Tuck the end underneath.</li>
<li>Take a yellow stem and bend it into a loop about 4 cm long, leaving a short tail. Twist the loop closed at the base.</li>
<li>Without cutting, make a second loop right next to the first and twist it closed. Keep going until the stem is used up; you should get five or six petals per stem.</li>
<li>Repeat with the remaining yellow stems until you have a chain of about twenty petals.</li>
<li>Wrap the petal chain around the edge of the centre coil, threading the tails through the back of the coil to hold it. Squeeze the petals so they sit evenly all the way round.</li>
<li>Pinch the tip of every petal into a soft point. This small step is what makes it look like a sunflower rather than a daisy.</li>
<li>Push the wire or skewer through the back of the centre and bend the top over to lock it in place. A dab of glue helps if little hands will be playing with it.</li>
<li>Wrap a green stem down the wire to cover it, and make two big leaves from the second green stem by folding it into wide loops and pinching the tips.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>For a fuller flower, make a second, shorter ring of petals and attach it behind the first, offset so the petals fill the gaps.</li>
<li>Real sunflower heads nod. Bend the top 3 cm of the stem forward so the flower faces slightly down and out.</li>
<li>Kids can skip the pointed tips and the second ring; a simple loop sunflower is still lovely.</li>
<li>Mix in a few smaller heads made with shorter petal loops to give a jug of sunflowers some variety.</li>
</ul>
<p>Three or five sunflowers in a kraft-paper cone make a brilliant graduation or get-well gift. If you would like the materials ready to go, our Sunflower &amp; Daisy Starter Kit has everything for three sunflowers and four daisies.</p>`,
    difficulty: "beginner",
    author: PRIYA,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 6, 16),
    reading_time: 4,
    view_count: 3310,
    like_count: 402,
    meta_title: "Easy Pipe-Cleaner Sunflowers Tutorial | Twistbloom",
    meta_description:
      "Make bright pipe-cleaner sunflowers in fifteen minutes with looped petals and a coiled centre. A simple craft for kids and adults.",
    meta_keywords: "pipe cleaner sunflowers, easy sunflower craft, kids flower craft, chenille sunflower",
    tags: ["sunflowers", "beginner", "kids", "summer"],
    categories: ["flower-tutorials", "kids-crafts"],
    related_products: ["sunflower-daisy-starter-kit", "sunny-desk-sunflowers", "bright-future-sunflower-cone"],
    colors: ["yellow", "orange", "green"],
  },
  {
    slug: "fuzzy-spring-tulips",
    title: "Fuzzy Spring Tulips with Cupped Petals",
    excerpt:
      "Tulips are all about that cupped, just-about-to-open shape. Here is how to build it from six looped petals and give each bloom a gentle, natural curve.",
    content: `<p>Spring in our studio means tulips, and lots of them. They are one of the most recognisable flower shapes in the world, which makes them very satisfying to get right. The trick is in the cup: six petals that lean inwards and overlap, with the tips pinched so they look smooth rather than round.</p>
<p>We use this method for the Peach Tulip Breakfast Bunch and the Brighter Days Tulip Bunch. It works in any colour, and two-tone tulips, with a pink petal stem twisted together with a white one, look especially pretty.</p>
<h2>Materials</h2>
<ul>
<li>3 chenille stems in your tulip colour (peach, pink, orange or purple all work well)</li>
<li>1 yellow chenille stem, cut into three short pieces, for the stamens</li>
<li>2 wide green chenille stems (9 mm if you can find them) for the leaves</li>
<li>1 green chenille stem or a length of florist wire for the stem</li>
<li>Wire cutters</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Fold the three short yellow pieces in half and twist them onto the top of the stem to make a little cluster of stamens.</li>
<li>Cut each tulip-coloured stem in half so you have six pieces, each about 15 cm long.</li>
<li>Fold each piece into a long loop, about 5 cm tall, and twist the two ends together. These are your six petals.</li>
<li>Pinch the top of each loop into a soft point, then bend the whole loop into a gentle curve, like a spoon.</li>
<li>Attach three petals around the stamens, twisting their ends onto the stem, with the curved side facing inwards. This is the inner layer.</li>
<li>Attach the remaining three petals around the outside, placing each one over a gap in the inner layer.</li>
<li>Squeeze the petals together at the top so they overlap and form the cup. Leave a small opening at the top for the stamens to peek through.</li>
<li>Fold each wide green stem into a long, narrow loop and twist it onto the stem near the base to make the leaves. Give each leaf a slight twist so it curls away from the stem.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>For a closed tulip, skip the stamens and squeeze the petals tightly together at the top.</li>
<li>For a tulip in full bloom, bend the outer petals outwards so the flower opens like a star.</li>
<li>Tulips look best in odd numbers. A bunch of five, seven or nine is much more natural than an even number.</li>
<li>Vary the stem heights by a few centimetres so the bunch has movement.</li>
</ul>
<p>Stand a handful of these in a clear glass with some pebbles at the bottom and you have a spring display that will still look fresh in July.</p>`,
    difficulty: "beginner",
    author: JUNE,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 3, 10),
    reading_time: 3,
    view_count: 2675,
    like_count: 318,
    meta_title: "Pipe-Cleaner Tulips Tutorial for Spring | Twistbloom",
    meta_description:
      "Learn to make cupped pipe-cleaner tulips from six looped petals, with stamens and curling leaves. A simple spring craft project.",
    meta_keywords: "pipe cleaner tulips, spring craft, chenille tulip, easy flower craft",
    tags: ["tulips", "spring", "beginner"],
    categories: ["seasonal-projects", "flower-tutorials"],
    related_products: ["peach-tulip-breakfast-bunch", "brighter-days-tulip-bunch", "love-letter-tulip-box"],
    colors: ["peach", "pink", "orange"],
  },
  {
    slug: "arranging-a-balanced-bouquet",
    title: "How to Arrange a Balanced Pipe-Cleaner Bouquet",
    excerpt:
      "You have made the flowers; now make them sing together. Our lead designer shares the spiral hand-tie method, the rule of focal, filler and foliage, and how to choose a colour story.",
    content: `<p>A pile of beautiful flowers does not automatically make a beautiful bouquet. What turns a handful of stems into something that looks professionally arranged is balance: a mix of sizes, a thought-through colour story and the spiral technique that florists use to make a bouquet sit comfortably in the hand. The good news is that pipe-cleaner flowers are far more forgiving than fresh ones, because you can pull a stem out and try again as many times as you like.</p>
<h2>Materials</h2>
<ul>
<li>3 to 5 focal flowers, such as roses, peonies or sunflowers</li>
<li>5 to 9 secondary flowers, such as tulips, daisies or ranunculus</li>
<li>A handful of fillers, such as lavender sprigs, waxflower or tiny buds</li>
<li>4 to 6 foliage stems: eucalyptus, ferns or simple looped leaves</li>
<li>Floral tape or a rubber band</li>
<li>Ribbon for the handle</li>
<li>Wire cutters</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Lay everything out on the table grouped by type. Pick a colour story before you start: one main colour, one supporting colour and a neutral such as white or green works every time.</li>
<li>Take your first focal flower in your non-dominant hand, holding it about two thirds of the way down the stem.</li>
<li>Add a secondary flower at a slight angle, with its head to the left of the focal flower and its stem crossing in front.</li>
<li>Turn the bouquet a quarter turn in your hand. Add the next stem at the same angle. Always add stems at the same angle and always turn the same way; this builds the spiral.</li>
<li>Keep adding flowers, turning each time, and place focal flowers so they are spread around the bouquet rather than clustered on one side.</li>
<li>Tuck fillers into the gaps between the larger blooms as you go. They soften the outline and stop the bouquet looking lumpy.</li>
<li>Finish with a collar of foliage around the outside to frame the flowers.</li>
<li>Check the bouquet in a mirror. Pull any flower that sits too high down slightly, and lift any that have disappeared.</li>
<li>Secure the binding point with floral tape, trim the stems to an even length and wrap the handle with ribbon, tucking the end in with a pin or a dab of glue.</li>
</ol>
<h2>Design tips</h2>
<ul>
<li><strong>Odd numbers look natural.</strong> Three or five focal flowers always look better than four.</li>
<li><strong>The rule of thirds.</strong> The flower head should take up roughly a third of the total height; the stems and handle make up the rest.</li>
<li><strong>Dome or loose?</strong> Keep flower heads at the same height for a neat, classic dome, or let some stems rise higher for a loose, garden-gathered look.</li>
<li><strong>Use texture.</strong> Mix fluffy pompoms, spiky thistles and smooth rolled roses so the eye has something to explore.</li>
<li><strong>Leave breathing room.</strong> A little space around each focal flower makes it look more important, not less.</li>
</ul>
<p>Our Blush Garden Bouquet uses exactly this structure: three focal roses, a ring of peach ranunculus, sweet pea fillers and a collar of looped leaves. Use it as a reference when you build your own, and once you are happy with the arrangement, head to our wrapping tutorial to give it a florist-worthy finish.</p>`,
    difficulty: "intermediate",
    author: MAYA,
    status: "published",
    is_featured: true,
    published_at: utc(2026, 4, 7),
    reading_time: 4,
    view_count: 3988,
    like_count: 527,
    meta_title: "Arrange a Balanced Pipe-Cleaner Bouquet | Twistbloom",
    meta_description:
      "Florist techniques for pipe-cleaner bouquets: the spiral hand-tie, focal, filler and foliage flowers, colour stories and finishing the handle.",
    meta_keywords: "bouquet arranging, spiral hand tie, pipe cleaner bouquet, flower arranging tips",
    tags: ["bouquet", "arranging", "techniques"],
    categories: ["bouquet-arranging"],
    related_products: ["blush-garden-bouquet", "confetti-pop-bouquet", "big-day-rainbow-bouquet"],
    colors: ["pink", "peach", "white", "green"],
  },
  {
    slug: "kraft-paper-bouquet-wrapping",
    title: "Wrap a Bouquet in Kraft Paper Like a Florist",
    excerpt:
      "The wrap is the first thing anyone sees. Learn the layered cone wrap we use in the studio, with two sheets of paper, a neat back fold and a bow that stays put.",
    content: `<p>A good wrap can make a simple bunch of flowers look like it came from a boutique florist. It protects the flowers, frames the colours and gives the person receiving the bouquet that lovely moment of unwrapping. Kraft paper is our favourite material because it is inexpensive, recyclable and goes with every colour of flower.</p>
<p>This is the two-layer cone wrap used on our Bright Future Sunflower Cone. It works for bouquets of any size; just scale the paper to match.</p>
<h2>Materials</h2>
<ul>
<li>2 sheets of kraft paper, about 50 x 50 cm each (for a bouquet with a 20 cm head)</li>
<li>1 sheet of tissue paper in a colour that complements your flowers</li>
<li>Double-sided tape</li>
<li>1 metre of ribbon, jute twine or raffia</li>
<li>Scissors</li>
<li>Your finished, taped bouquet</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Lay the tissue paper on the table and place the bouquet diagonally across it, with the flower heads about 5 cm below the top corner. Fold the tissue around the stems and secure it with a small piece of tape. The tissue adds softness and a pop of colour at the top.</li>
<li>Fold one kraft sheet in half diagonally, but offset the fold by a few centimetres so you get two peaks instead of one. This layered edge looks far more elegant than a single straight line.</li>
<li>Place the bouquet on the folded sheet, with the peaks standing above the flowers at the back.</li>
<li>Bring the left side of the paper across the front of the stems, angling it upwards, and hold it at the binding point.</li>
<li>Bring the right side across in the same way, overlapping the first. Pinch both sides together at the binding point.</li>
<li>Repeat with the second sheet, but rotate it slightly so its peaks sit to one side of the first sheet's peaks. Layering at an angle gives the wrap depth.</li>
<li>Gather all the paper tightly at the binding point and hold it with a strip of double-sided tape.</li>
<li>Tie the ribbon around the binding point with a double knot, then finish with a bow. Trim the tails at an angle so they do not fray.</li>
<li>Fold the bottom of the paper up or trim it straight across, and gently open the top of the wrap so the flowers have room.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Scrunch the kraft paper into a ball and flatten it again before wrapping for a soft, crinkled, rustic finish.</li>
<li>Leave the front of the bouquet open. The wrap should frame the flowers, not hide them.</li>
<li>Waxed twine holds a knot better than smooth satin ribbon. Use satin for weddings and twine for everyday gifts.</li>
<li>Tuck a folded gift card into the ribbon at the back before you tie the final bow.</li>
</ul>
<p>The whole wrap takes about five minutes once you have practised it a couple of times, and the difference it makes to a homemade bouquet is enormous.</p>`,
    difficulty: "intermediate",
    author: ELLIOT,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 5, 5),
    reading_time: 4,
    view_count: 2140,
    like_count: 233,
    meta_title: "How to Wrap a Bouquet in Kraft Paper | Twistbloom",
    meta_description:
      "A florist's two-layer kraft paper cone wrap for handmade bouquets, with a tissue lining, layered peaks and a bow that stays put.",
    meta_keywords: "bouquet wrapping, kraft paper wrap, how to wrap flowers, gift wrapping bouquet",
    tags: ["wrapping", "bouquet", "gifts"],
    categories: ["bouquet-arranging", "tips-techniques"],
    related_products: ["bright-future-sunflower-cone", "navy-thistle-fern-bundle", "blush-garden-bouquet"],
    colors: ["orange", "yellow", "peach"],
  },
  {
    slug: "pipe-cleaner-daisies-for-kids",
    title: "Pipe-Cleaner Daisies: A First Craft for Little Hands",
    excerpt:
      "A no-cut, no-glue daisy that children as young as four can make with a little help. Perfect for rainy afternoons, classroom projects and homemade gifts for grandparents.",
    content: `<p>Pipe cleaners are one of the best craft materials for small children. They are soft, they bend easily, there is nothing to spill and a mistake can be undone in a second. This daisy needs no scissors and no glue, which makes it ideal for little hands, busy classrooms and craft tables where you would rather not hand out anything sharp.</p>
<p>We have tested this with groups of five-year-olds, and nearly everyone finished a flower they were proud of. Older children can make several and tie them into a bunch.</p>
<h2>Materials</h2>
<ul>
<li>1 white chenille stem per flower (or any colour your young maker likes)</li>
<li>1 yellow chenille stem per flower</li>
<li>1 green chenille stem per flower</li>
<li>A paper cup or small jar to stand the flowers in (optional)</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Start with the petals. Hold the white stem about 3 cm from one end and make a loop the size of a finger. Twist the bottom of the loop to close it.</li>
<li>Make another loop right next to the first one and twist it closed. Grown-ups can demonstrate the first couple of loops and then let the child take over.</li>
<li>Keep making loops along the stem until you have six or seven petals. Do not worry if they are different sizes; real daisies are not perfect either.</li>
<li>Bring the two ends of the white stem together so the petals form a circle, and twist the ends together.</li>
<li>Roll the yellow stem into a tight, flat spiral like a snail. This is the middle of the daisy.</li>
<li>Push the spiral into the centre of the petal circle and fold the loose end of the yellow stem around the back to hold it.</li>
<li>Twist the green stem around the back of the flower to make the stem. Bend a small loop halfway down for a leaf.</li>
<li>Fluff up the petals with your fingers and stand your daisy in a cup.</li>
</ol>
<h2>Tips for crafting with kids</h2>
<ul>
<li>Pre-bend the very ends of each stem into a small curl so there is no sharp wire at the tips.</li>
<li>Lay each child's three stems out on a paper plate. It helps them see what comes next and keeps the table tidy.</li>
<li>Let children choose their own colours. Purple daisies with orange middles are completely allowed.</li>
<li>Finished flowers make lovely gifts. Tie three together with a ribbon for a grandparent, or poke them through a folded card.</li>
</ul>
<p>When they have mastered the daisy, try the same looping method with longer loops to make a sunflower, or see our pop-up Mother's Day card for another kid-friendly project.</p>`,
    difficulty: "beginner",
    author: JUNE,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 1, 20),
    reading_time: null,
    view_count: 5264,
    like_count: 689,
    meta_title: "Easy Pipe-Cleaner Daisies for Kids | Twistbloom",
    meta_description:
      "A no-cut, no-glue pipe-cleaner daisy craft for young children, with tips for crafting with kids at home or in the classroom.",
    meta_keywords: "kids craft, pipe cleaner daisy, easy flower craft, preschool craft",
    tags: ["kids", "daisies", "beginner"],
    categories: ["kids-crafts"],
    related_products: ["family-craft-night-kit", "bedside-daisy-cup", "birthday-candle-daisies"],
    colors: ["white", "yellow", "green"],
  },
  {
    slug: "coiled-lavender-sprigs",
    title: "Coiled Lavender Sprigs for Vases and Posies",
    excerpt:
      "Lavender looks simple but takes a little patience. This tutorial covers the tiny coiled buds, how to blend shades for a natural look and how to bunch sprigs into a posy.",
    content: `<p>Lavender is a small flower that makes a big difference. A few sprigs tucked into a bouquet add height and texture, and a whole vase of it is one of the most calming things you can put on a shelf. In pipe cleaner, lavender is built from dozens of tiny coiled buds wound along a stem. It takes a bit of patience, but the process is rhythmic and relaxing once you get going.</p>
<p>This is the method we use for the thirty stems in our Lavender Field Vase and the sprigs in Mama's Lavender Posy.</p>
<h2>Materials</h2>
<ul>
<li>Thin (3 mm) chenille stems in two or three shades: lavender, purple and a touch of blue</li>
<li>Green chenille stems for the stems</li>
<li>Florist wire, 20 gauge, cut into 30 cm lengths</li>
<li>Wire cutters</li>
<li>A thin knitting needle or a cocktail stick</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Cut the thin purple and lavender stems into pieces about 6 cm long. You will need around twelve pieces per sprig.</li>
<li>Wrap one piece tightly around the knitting needle to form a small coil, then slide it off. This coil is one bud.</li>
<li>Make all your buds first, mixing the shades as you go. Working in batches is much faster than finishing one sprig at a time.</li>
<li>Wrap a green chenille stem around the top 15 cm of a length of florist wire.</li>
<li>Starting at the very tip, thread the wire through the first bud and push it down so it sits snugly at the top.</li>
<li>Add the next two buds slightly lower, one on each side, and squeeze them against the stem.</li>
<li>Continue down the stem, leaving a small gap every three buds. Lavender has visible gaps between its whorls of flowers, and these gaps make it look real.</li>
<li>Finish about 10 cm down the stem and fix the last bud with a twist of the green chenille.</li>
<li>Gently bend the top of the sprig to one side, as real lavender nods slightly at the tip.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Blend shades randomly. A sprig made entirely from one colour looks flat; mixing two or three shades gives it life.</li>
<li>Make the buds smaller towards the tip. Wrapping the last few around a cocktail stick instead of the needle gives a natural taper.</li>
<li>For a posy, bunch nine to twelve sprigs, tie them tightly with ribbon just under the buds, and splay the stems slightly.</li>
<li>A drop of lavender essential oil on the ribbon gives the bunch a real scent. Keep it off the chenille itself, as oil can mark it.</li>
</ul>
<p>Once you have a rhythm going, a sprig takes about ten minutes. Put on a podcast, make a batch of buds and you will have a vase full by the end of the week.</p>`,
    difficulty: "intermediate",
    author: PRIYA,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 7, 14),
    reading_time: 4,
    view_count: 1876,
    like_count: 241,
    meta_title: "Pipe-Cleaner Lavender Sprigs Tutorial | Twistbloom",
    meta_description:
      "Make realistic pipe-cleaner lavender from coiled buds, blend shades for a natural look and bunch the sprigs into a vase or posy.",
    meta_keywords: "pipe cleaner lavender, chenille lavender, lavender craft, home decor craft",
    tags: ["lavender", "techniques", "decor"],
    categories: ["flower-tutorials"],
    related_products: ["lavender-field-vase", "mamas-lavender-posy", "quiet-lavender-basket"],
    colors: ["lavender", "purple", "green"],
  },
  {
    slug: "keepsake-wedding-bouquet",
    title: "Making a Keepsake Wedding Bouquet from Pipe Cleaners",
    excerpt:
      "A bridal bouquet that lasts for decades. Our lead designer shares how she plans, builds and finishes a full round bridal bouquet, from the first rose to the pearl-pinned handle.",
    content: `<p>More and more couples are choosing everlasting bouquets: they can be made weeks in advance, they do not wilt in summer heat, and they can be kept and displayed for years. A full bridal bouquet is the most ambitious project on this blog, and it rewards careful planning. Expect to spend two or three evenings on it. This guide assumes you are comfortable with rolled roses and the spiral hand-tie, so have a look at those tutorials first if you are new to them.</p>
<h2>Materials</h2>
<ul>
<li>60 ivory chenille stems and 30 peach chenille stems (6 mm)</li>
<li>10 metallic gold chenille stems for accents</li>
<li>20 sage green chenille stems for eucalyptus</li>
<li>25 lengths of 18-gauge florist wire</li>
<li>Green and white floral tape</li>
<li>2 metres of ivory satin ribbon, 4 cm wide</li>
<li>6 pearl-headed corsage pins</li>
<li>Wire cutters, pliers and a glue gun</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Plan the bouquet. Sketch a circle and decide where your focal flowers will go. A classic round bridal bouquet about 25 cm across needs around twelve roses, eight ranunculus and six eucalyptus stems.</li>
<li>Make the roses first, using three stems each for a full bloom. Make four of them with a peach heart inside the ivory to add warmth.</li>
<li>Make the ranunculus. They use the same spiral as the rose but with many more rounds of very short, tight loops, so the flower is flatter and more densely layered.</li>
<li>Make the eucalyptus by folding sage stems into small round loops in pairs along a wire. Edge every third leaf with a twist of gold chenille.</li>
<li>Tape every stem from the flower head to the bottom of the wire. Bridal bouquets are seen up close, so any visible wire will spoil the finish.</li>
<li>Build the bouquet using the spiral hand-tie: start with a rose in the centre, add flowers at a consistent angle and keep turning. Keep the flower heads at an even height for a neat dome.</li>
<li>Add eucalyptus around the outer edge and let a few stems trail slightly longer on one side for a soft, asymmetric finish.</li>
<li>Bind the stems tightly with white floral tape at the binding point, then trim them to an even length of about 18 cm below the heads.</li>
<li>Wrap the handle with satin ribbon from the bottom upwards, overlapping each turn by half. Secure the top with a dab of glue and a row of pearl pins pushed in at an upward angle.</li>
<li>Finish with a bow or long ribbon tails, and shape every petal one last time.</li>
</ol>
<h2>Tips from the studio</h2>
<ul>
<li>Buy all your chenille from the same batch. Ivory varies from one batch to the next and mixing batches shows in photographs.</li>
<li>Hold the bouquet at hip height in front of a mirror while you build it. That is the angle from which guests will see it.</li>
<li>Weight matters. A bouquet heavier than about 600 g becomes tiring to hold, so trim excess wire below the binding point.</li>
<li>Make the bridesmaids' posies and buttonholes from the same materials so everything matches perfectly.</li>
<li>Store the finished bouquet in a box with tissue between the blooms until the day.</li>
</ul>
<p>If you would rather not source everything yourself, our Bridal Bouquet DIY Kit contains the exact materials for this bouquet, or we can make one for you; the Ivory Promise Bridal Bouquet is built to this design.</p>`,
    difficulty: "advanced",
    author: MAYA,
    status: "published",
    is_featured: true,
    published_at: utc(2026, 8, 11),
    reading_time: 4,
    view_count: 2957,
    like_count: 448,
    meta_title: "Make a Keepsake Pipe-Cleaner Wedding Bouquet | Twistbloom",
    meta_description:
      "An advanced tutorial for an everlasting bridal bouquet: planning, roses, ranunculus, gold-edged eucalyptus and a satin handle with pearl pins.",
    meta_keywords: "diy wedding bouquet, everlasting bridal bouquet, pipe cleaner wedding flowers, keepsake bouquet",
    tags: ["wedding", "roses", "bouquet", "gifts"],
    categories: ["bouquet-arranging", "flower-tutorials"],
    related_products: [
      "ivory-promise-bridal-bouquet",
      "bridal-bouquet-diy-kit",
      "bridesmaid-blush-posy",
      "gentlemans-boutonniere",
    ],
    colors: ["white", "peach", "gold", "green"],
  },
  {
    slug: "autumn-harvest-centerpiece",
    title: "An Autumn Harvest Centrepiece with Marigolds and Wheat",
    excerpt:
      "Warm oranges, burgundies and golds come together in a low table centrepiece that lasts all season, from the first cool evening right through to Thanksgiving dinner.",
    content: `<p>When the evenings draw in, we swap the pastels in the studio for rust, amber and deep burgundy. This low centrepiece is designed for the middle of a dining table: it is wide rather than tall, so everyone can still see each other across it, and it lasts the whole season without shedding a single petal onto the tablecloth.</p>
<h2>Materials</h2>
<ul>
<li>A shallow wooden tray or low basket, about 35 x 15 cm</li>
<li>15 orange and 10 gold chenille stems for marigolds</li>
<li>8 burgundy chenille stems for pompom dahlias</li>
<li>10 tan or gold chenille stems for wheat</li>
<li>12 green chenille stems for leaves and a base</li>
<li>A few small pine cones or mini pumpkins (optional)</li>
<li>Florist wire and wire cutters</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Make a base for the tray by coiling the green stems loosely into a flat mat that fills the bottom. Stems pushed into this mat will stay exactly where you put them, with no floral foam needed.</li>
<li>Make the marigolds. Crimp each orange stem into a tight zigzag by folding it every 5 mm, then coil the zigzag into a dense round head. Use one and a half stems per flower.</li>
<li>Make the pompom dahlias by winding burgundy chenille around two fingers twelve times, tying the middle with wire and fluffing the loops into a ball.</li>
<li>Make wheat by folding tan stems into small loops in pairs along a wire, working from the top down, and finishing with a few long, straight "whiskers" at the tip.</li>
<li>Cut all the flower stems short, to about 6 cm. A centrepiece should sit low.</li>
<li>Place the three largest dahlias along the centre line of the tray, evenly spaced. These are your anchors.</li>
<li>Fill around them with marigolds, grouping them in clusters of three rather than spreading them evenly.</li>
<li>Angle the wheat outwards from each end of the tray so it sweeps over the edges.</li>
<li>Tuck pine cones or mini pumpkins into any remaining gaps and look at the arrangement from every side of the table.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Keep the highest point below 20 cm so guests can talk across the table.</li>
<li>Repeat colours in threes around the arrangement so the eye travels across it.</li>
<li>Add a string of warm fairy lights through the base for evening dinners.</li>
<li>After the season, pull the flowers out and store them flat in a box. They will be ready again next year.</li>
</ul>
<p>Want the look without the making? Our Marigold Thank-You Bouquet and Burgundy Velvet Hand-Tie use the same colours and can be arranged together in a low vase.</p>`,
    difficulty: "intermediate",
    author: ELLIOT,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 9, 15),
    reading_time: 3,
    view_count: 1312,
    like_count: 174,
    meta_title: "Autumn Pipe-Cleaner Flower Centrepiece | Twistbloom",
    meta_description:
      "Make a low autumn table centrepiece with pipe-cleaner marigolds, pompom dahlias and wheat. Foam-free and reusable every year.",
    meta_keywords: "autumn centerpiece, fall table decor, pipe cleaner marigolds, thanksgiving craft",
    tags: ["autumn", "seasonal", "decor"],
    categories: ["seasonal-projects"],
    related_products: ["marigold-thank-you-bouquet", "burgundy-velvet-hand-tie", "golden-hour-toolbox-bouquet"],
    colors: ["orange", "burgundy", "gold"],
  },
  {
    slug: "mothers-day-pop-up-flower-card",
    title: "A Pop-Up Mother's Day Card with Pipe-Cleaner Flowers",
    excerpt:
      "A handmade card with a bunch of fuzzy flowers that springs out when it is opened. A simple, joyful project for children, with very little mess.",
    content: `<p>Every year we run a card-making morning in the studio the week before Mother's Day, and this pop-up card is always the star. It combines the simplest pipe-cleaner flowers with a basic paper pop-up, and the result is a card that makes every mum smile. Children from about six can do most of it themselves; younger ones will need help with the cutting.</p>
<h2>Materials</h2>
<ul>
<li>1 sheet of thick A4 card, plus a second sheet in a contrasting colour</li>
<li>6 chenille stems in assorted flower colours</li>
<li>3 green chenille stems</li>
<li>Child-safe scissors</li>
<li>A glue stick and a few glue dots</li>
<li>Pens, pencils or stickers for decorating</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Fold the contrasting sheet of card in half. On the folded edge, draw two short parallel lines about 3 cm apart and 4 cm long, pointing into the card.</li>
<li>Cut along the two lines, open the card and push the strip between the cuts through to the inside. Close the card and press it flat; when you open it again, a little box will pop up. This is the vase.</li>
<li>Make three simple flowers. Loop a coloured stem into five petals, twist the ends together, then coil a short piece of a second colour for the middle.</li>
<li>Twist a green stem onto the back of each flower to make a stem, and trim the stems to different lengths between 6 and 10 cm.</li>
<li>Bunch the three stems together and twist them once around each other so they hold as a bouquet.</li>
<li>Stick the bouquet onto the front of the pop-up box with glue dots, so the stems sit inside the "vase" and the flowers stand above it.</li>
<li>Glue the pop-up card inside the main sheet of A4 card, folded in half, taking care not to put glue on the pop-up box itself.</li>
<li>Decorate the front of the card and write a message inside.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Keep the flowers small and flat, or the card will not close. Press the petals down gently before gluing.</li>
<li>Glue dots hold pipe cleaners much better than liquid glue or glue sticks.</li>
<li>Older children can make a larger pop-up with two boxes at different heights for a fuller bouquet.</li>
<li>Slip the finished card into a large envelope; the flowers will spring back into shape when it is opened.</li>
</ul>
<p>If you are planning a craft morning for a group, our Family Craft Night Kit has enough stems in enough colours for a whole table of young makers.</p>`,
    difficulty: "beginner",
    author: JUNE,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 4, 28),
    reading_time: 3,
    view_count: 2419,
    like_count: 365,
    meta_title: "Pop-Up Mother's Day Card with Pipe-Cleaner Flowers | Twistbloom",
    meta_description:
      "A simple pop-up Mother's Day card craft for kids, with fuzzy pipe-cleaner flowers that spring out when the card is opened.",
    meta_keywords: "mothers day card, pop up card, kids craft, pipe cleaner flowers card",
    tags: ["kids", "gifts", "seasonal"],
    categories: ["kids-crafts", "seasonal-projects"],
    related_products: ["family-craft-night-kit", "blush-garden-bouquet", "mamas-lavender-posy"],
    colors: ["pink", "lavender", "yellow"],
  },
  {
    slug: "choosing-the-right-pipe-cleaners",
    title: "Choosing Pipe Cleaners: A Guide to Chenille Stems",
    excerpt:
      "Not all pipe cleaners are created equal. Thickness, pile, wire core and colour fastness all change how your flowers look. Here is what we look for when we buy for the studio.",
    content: `<p>When people first try pipe-cleaner flowers, they usually grab a bag from the craft aisle and wonder why their roses look thin and wiry. Nine times out of ten, the problem is not their technique but the stems. In the studio we test every new supplier's chenille before we use it, and this guide shares what we have learned about choosing the right materials.</p>
<h2>Materials to compare</h2>
<ul>
<li>Standard pipe cleaners, 6 mm thick, 30 cm long</li>
<li>Thin chenille stems, 3 to 4 mm thick</li>
<li>Jumbo or bump chenille, 9 to 15 mm thick</li>
<li>Metallic and tinsel stems</li>
<li>A magnifying glass and a ruler (optional, but interesting)</li>
</ul>
<h2>Steps to test a new batch</h2>
<ol>
<li>Check the thickness. Measure across the pile with a ruler. 6 mm is the all-rounder for roses and tulips; 3 mm is for lavender, stamens and fine details; 9 mm or more is for big leaves and sunflower petals.</li>
<li>Check the pile density. Hold a stem up to the light. If you can see the wire clearly through the fibres, the pile is too sparse and the wire will show on your finished flowers.</li>
<li>Bend a stem in half and straighten it five times. A good wire core stays smooth; a cheap one kinks and eventually snaps.</li>
<li>Twist two stems together and pull them apart. Quality chenille holds its fibres; poor chenille sheds them on your table.</li>
<li>Rub a stem on a damp white cloth. If colour comes off, it is not colour-fast and may mark ribbons, paper wraps or clothing.</li>
<li>Compare colours in daylight. Artificial light hides differences between batches, so always match colours near a window.</li>
<li>Buy a little more than you need, from a single batch, for any project where colours must match.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Polyester chenille is brighter and holds colour better; cotton chenille is softer and more matte. We use polyester for most flowers and cotton for greenery.</li>
<li>Store stems flat in boxes, not in bags, so they do not get crushed or bent.</li>
<li>Fluff flattened stems by running them through your fingers against the grain, or over the steam from a kettle held at a safe distance.</li>
<li>Keep a "scrap jar" for offcuts. Short pieces are perfect for stamens, buds and flower centres.</li>
</ul>
<p>Good materials make the learning curve much gentler. Every one of our DIY kits uses the same premium 6 mm stems as our finished bouquets, so you know exactly what you are working with.</p>`,
    difficulty: "beginner",
    author: ELLIOT,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 2, 24),
    reading_time: 3,
    view_count: 1688,
    like_count: 152,
    meta_title: "How to Choose Pipe Cleaners for Flower Crafts | Twistbloom",
    meta_description:
      "A guide to choosing chenille stems for pipe-cleaner flowers: thickness, pile density, wire quality, colour fastness and storage.",
    meta_keywords: "chenille stems, best pipe cleaners, craft supplies, pipe cleaner guide",
    tags: ["techniques", "supplies", "beginner"],
    categories: ["tips-techniques"],
    related_products: ["beginner-rose-making-kit", "family-craft-night-kit"],
    colors: ["purple", "blue", "orange", "pink"],
  },
  {
    slug: "pompom-dahlias",
    title: "Pompom Dahlias: Building Flowers from Tiny Cups",
    excerpt:
      "Pompom dahlias are made of dozens of tiny cupped petals layered into a perfect sphere. It is our most advanced flower technique, and one of the most rewarding.",
    content: `<p>The pompom dahlia is a little feat of geometry: row after row of tiny rolled petals arranged into an almost perfect ball. Recreating it in chenille is slow, careful work, and it is the flower new makers in our studio learn last. But there is nothing quite like the moment you add the final row and the sphere suddenly closes. This tutorial covers the cupped-petal technique behind the dahlias in our Burgundy Velvet Hand-Tie.</p>
<h2>Materials</h2>
<ul>
<li>8 thin (4 mm) chenille stems in burgundy, or any strong colour</li>
<li>1 standard 6 mm stem in the same colour for the core</li>
<li>1 length of 18-gauge florist wire</li>
<li>Green floral tape and 1 green chenille stem for the calyx</li>
<li>A 5 mm knitting needle</li>
<li>Wire cutters and a small pair of flat-nosed pliers</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Make the core. Bend a hook in the florist wire and wind the 6 mm stem tightly around it into a firm ball about 1.5 cm across.</li>
<li>Cut the thin stems into 5 cm pieces. You will need around forty for a dahlia 6 cm across.</li>
<li>Make a petal. Fold a piece in half around the knitting needle so it forms a small "U", then pinch the two ends together. Slide it off and squeeze the curve so it forms a little cup.</li>
<li>Make all the petals before you start assembling. Sort them into three piles: small, medium and large, by trimming the ends slightly.</li>
<li>Attach the first row of small petals around the top of the core, cups facing inwards, pushing the ends into the core's wraps with the pliers. Six petals form the first ring.</li>
<li>Add the second ring below the first, with each petal sitting between two petals of the ring above. Keep the cups facing upwards.</li>
<li>Continue adding rings, moving from small to medium to large petals, and gradually tilting the cups outwards as you go around the widest part of the sphere.</li>
<li>Below the widest point, begin tilting the cups down again and use medium then small petals, so the ball closes at the back.</li>
<li>Wrap the green stem into a tight coil under the flower to make a calyx, then tape the wire from top to bottom.</li>
<li>Turn the dahlia slowly and adjust any cups that stick out or leave a gap.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>Consistency is everything. Use a template card with a 5 cm line drawn on it to cut the petals to exactly the same length.</li>
<li>A drop of clear craft glue on the end of each petal before pushing it into the core makes the dahlia almost indestructible.</li>
<li>Two-tone dahlias are stunning: use a lighter shade for the central rings and a deeper shade for the outer ones.</li>
<li>Expect your first dahlia to take two hours. By the fifth, it will take less than one.</li>
</ul>
<p>Pompom dahlias bring a beautiful texture to a bouquet, especially next to smooth rolled roses. Try one in your next arrangement and watch how it draws the eye.</p>`,
    difficulty: "advanced",
    author: PRIYA,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 10, 6),
    reading_time: 4,
    view_count: 964,
    like_count: 131,
    meta_title: "Pipe-Cleaner Pompom Dahlia Tutorial | Twistbloom",
    meta_description:
      "An advanced tutorial for pipe-cleaner pompom dahlias built from dozens of tiny cupped petals layered into a perfect sphere.",
    meta_keywords: "pompom dahlia, pipe cleaner dahlia, advanced flower craft, chenille dahlia",
    tags: ["dahlias", "techniques", "bouquet"],
    categories: ["flower-tutorials", "tips-techniques"],
    related_products: ["burgundy-velvet-hand-tie", "confetti-pop-bouquet", "balloon-bloom-jar"],
    colors: ["burgundy", "pink", "red"],
  },
  {
    slug: "troubleshooting-pipe-cleaner-flowers",
    title: "Seven Common Pipe-Cleaner Flower Problems and How to Fix Them",
    excerpt:
      "Petals that flop, wire that shows, flowers that spin on their stems. We have seen every problem in the studio, and almost all of them have a quick fix.",
    content: `<p>Every maker hits the same handful of problems when they start out, and most of them have nothing to do with talent. They come down to small habits in how the stems are held, twisted and finished. We put together this checklist from the questions we get asked most often in our workshops, along with the fixes we teach.</p>
<h2>Materials</h2>
<ul>
<li>The flower that is giving you trouble</li>
<li>Spare chenille stems in matching colours</li>
<li>Green floral tape</li>
<li>Flat-nosed pliers</li>
<li>Clear craft glue</li>
<li>A pencil or chopstick for shaping</li>
</ul>
<h2>Steps to diagnose and fix</h2>
<ol>
<li><strong>The flower spins on its stem.</strong> The head is not locked to the wire. Bend a small hook at the top of the wire before you start, or add a dab of glue where the head meets the stem.</li>
<li><strong>Wire shows through the petals.</strong> The pile is too sparse or has been flattened. Fluff the stems against the grain before you begin, or switch to a denser chenille.</li>
<li><strong>Petals flop over.</strong> The loops are too long for the thickness of the stem. Shorten the loops, or double them by twisting two stems together before looping.</li>
<li><strong>The flower looks like a ball.</strong> The petals are wound too tightly. Open the outer petals outwards with your thumbs and curl their tips back over a pencil.</li>
<li><strong>Sharp ends poke out.</strong> Always finish by tucking the cut end back into the flower and squeezing it flat with pliers. For children's crafts, curl the ends before you start.</li>
<li><strong>The stems look bare.</strong> Wrap them in floral tape, stretching it as you go, and add a leaf or two a third of the way down.</li>
<li><strong>The bouquet falls apart.</strong> The stems are not bound at a single point. Rebuild using the spiral hand-tie and tape tightly at the binding point before adding ribbon.</li>
</ol>
<h2>Tips to avoid problems in the first place</h2>
<ul>
<li>Work on a light-coloured cloth so you can see your loops clearly.</li>
<li>Keep your wire cutters for wire only. Cutting chenille with scissors blunts them quickly.</li>
<li>Make one test flower before a big project, and check it from every angle.</li>
<li>Take breaks. Most mistakes happen in the last half hour of a long session.</li>
<li>Photograph your flower from above and from the side. A photo shows lopsided petals and gaps that your eye skips over when you are holding the flower.</li>
<li>Compare with the real thing. Keep a picture of the fresh flower next to you and check the number of petals, their shape and how they sit around the centre.</li>
</ul>
<p>If you are still stuck, send us a photo through the contact page. We love helping makers solve a tricky flower, and your question might become our next tutorial.</p>`,
    difficulty: "intermediate",
    author: MAYA,
    status: "published",
    is_featured: false,
    published_at: utc(2026, 6, 2),
    reading_time: 3,
    view_count: 1545,
    like_count: 198,
    meta_title: "Fixing Common Pipe-Cleaner Flower Problems | Twistbloom",
    meta_description:
      "Quick fixes for the most common pipe-cleaner flower problems: spinning heads, visible wire, floppy petals, sharp ends and bouquets that fall apart.",
    meta_keywords: "pipe cleaner flower tips, craft troubleshooting, chenille flower problems",
    tags: ["techniques", "beginner", "bouquet"],
    categories: ["tips-techniques"],
    related_products: ["beginner-rose-making-kit", "sunflower-daisy-starter-kit", "family-craft-night-kit"],
    colors: ["blue", "yellow", "red"],
  },
  {
    slug: "winter-poinsettia-table-stars",
    title: "Winter Poinsettias for Your Holiday Table",
    excerpt:
      "Bright red poinsettia stars with gold centres, made to scatter along a holiday table or tuck into a wreath. A festive project for the long winter evenings.",
    content: `<p>Real poinsettias are notoriously fussy: they dislike draughts, they drop leaves if you look at them the wrong way, and they are not safe around curious pets. Our pipe-cleaner version has none of those problems, and a handful of them scattered down the middle of a holiday table looks wonderful by candlelight. They also make lovely napkin rings and wreath decorations.</p>
<h2>Materials</h2>
<ul>
<li>4 red chenille stems per flower (burgundy or white also look beautiful)</li>
<li>1 gold chenille stem per flower</li>
<li>2 green chenille stems per flower</li>
<li>Florist wire or a short green stem</li>
<li>Wire cutters</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Cut each red stem in half to give eight pieces. Fold each piece into a long, narrow loop with a pointed tip. These are the bracts, the coloured leaves that make up the poinsettia star.</li>
<li>Make four of the bracts slightly shorter than the others by trimming the ends before folding.</li>
<li>Twist the four long bracts together at their bases to make a cross shape.</li>
<li>Add the four shorter bracts in the gaps, so you have an eight-pointed star.</li>
<li>Cut the gold stem into five short pieces and coil each one into a tiny ball. Cluster them in the centre of the star and fix them by twisting their ends through the middle.</li>
<li>Fold the green stems into four broad leaves and attach them under the star, peeking out between the red bracts.</li>
<li>Twist a short stem or wire onto the back if you want to put the flower into an arrangement, or leave it stemless to lie flat on the table.</li>
<li>Bend each bract slightly upwards at the base and curve the tips down, so the star looks full and open.</li>
</ol>
<h2>Tips</h2>
<ul>
<li>For napkin rings, twist a green stem into a circle and attach a small poinsettia to the join.</li>
<li>White poinsettias with silver centres are elegant for a winter wedding.</li>
<li>Mix in a few pine sprigs made from thin green stems to add scent-free greenery.</li>
<li>Give the bracts a gentle twist along their length before attaching them. The slight spiral catches candlelight and makes the flower look less flat.</li>
<li>Make a garland by threading a dozen poinsettias onto a long green stem, spacing them about a hand's width apart, and drape it along a mantelpiece or banister.</li>
<li>Children can make a simpler version with five bracts and a single gold coil in the middle. It still looks festive and takes only a few minutes.</li>
</ul>
<p>Store them flat in a box with your other decorations, and they will be ready to bring out again next year.</p>`,
    difficulty: "intermediate",
    author: JUNE,
    status: "draft",
    is_featured: false,
    published_at: null,
    reading_time: 3,
    view_count: 0,
    like_count: 0,
    meta_title: "Pipe-Cleaner Poinsettias for the Holidays | Twistbloom",
    meta_description:
      "Make festive pipe-cleaner poinsettias with red bracts and gold centres for your holiday table, napkin rings and wreaths.",
    meta_keywords: "pipe cleaner poinsettia, christmas craft, holiday table decor, winter craft",
    tags: ["seasonal", "winter", "decor"],
    categories: ["seasonal-projects"],
    related_products: ["sweetheart-heart-wreath", "farmhouse-wildflower-wreath"],
    colors: ["red", "gold", "green"],
  },
];

export const blogs: SeedBlog[] = tutorials.map(tutorial);
