import { Link } from "@remix-run/react";
import {
  ContactLines,
  PolicyPage,
  useSiteContact,
  type ContentSection,
  policyMeta,
} from "~/components/home/content-page";
import { COUNTRIES } from "~/lib/constants";

export const meta = policyMeta(
  "privacy",
  "What Twistbloom keeps about you (your account and your orders), why, for how long, which cookies the shop uses (cart, session, messages) and how to see or delete your data.",
);

export default function Privacy() {
  const { name } = useSiteContact();
  const sections: ContentSection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {name} is a small studio that twists, shapes and wraps pipe-cleaner flower bouquets by hand and sells them
            through this website. We are responsible for the personal information you give us when you shop here, create
            an account or write to us. We collect as little as we can and we never sell it.
          </p>
          <p>You can reach the person who looks after privacy at the studio here:</p>
          <ContactLines />
        </>
      ),
    },
    {
      id: "what-we-keep",
      title: "What we keep",
      body: (
        <>
          <p>We keep two kinds of information, and only these two:</p>
          <ul>
            <li>
              <strong>Account details</strong>, if you register: your name, email address and password (stored only as a
              salted one-way hash, so nobody at the studio can read it), and, if you choose to add them, your phone
              number, street address, city, state, postal code and country.
            </li>
            <li>
              <strong>Order details</strong>, whenever you order, with or without an account: the bouquets and
              quantities you bought, the prices, any coupon, the shipping and billing addresses, phone number and email
              you entered at checkout, your order notes, the delivery method and the status of the order and of its
              payment.
            </li>
          </ul>
          <p>
            When you send us a message through the contact form we also keep your name, email address, subject and
            message so that we can answer it.
          </p>
          <p>
            We never see or store card or bank details: every order is paid <strong>cash on delivery</strong>, directly
            to the courier when your bouquet arrives.
          </p>
        </>
      ),
    },
    {
      id: "why",
      title: "Why we keep it",
      body: (
        <ul>
          <li>To make, pack and deliver your order, and to tell you how it is going.</li>
          <li>To let you sign in, see your past orders and save your address for next time.</li>
          <li>To answer your messages and sort out returns.</li>
          <li>To keep our accounts and meet our tax obligations for the sales we make.</li>
          <li>To keep the shop secure, for example by limiting repeated sign-in attempts.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "Who sees it",
      body: (
        <>
          <p>Only the people who need it to get your bouquet to you:</p>
          <ul>
            <li>
              <strong>Our couriers</strong> receive the name, delivery address, phone number and the amount to collect
              for the order they carry, and nothing else.
            </li>
            <li>
              <strong>Our hosting provider</strong> runs the servers and database this website lives on and processes
              the data only on our instructions.
            </li>
          </ul>
          <p>
            We do not sell, rent or trade your information, we do not use advertising networks, and we only share
            information with authorities when the law requires us to.
          </p>
          <p>
            We deliver to {COUNTRIES.map((country) => country.name).join(", ")}, so your delivery details may be handled
            in the country you ship to as well as in the country where our servers are.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            The shop sets three small cookies, all of them needed for it to work, and no tracking or advertising
            cookies:
          </p>
          <ul>
            <li>
              <strong>Cart</strong>: remembers the bouquets in your cart and their quantities while you browse, even
              before you sign in.
            </li>
            <li>
              <strong>Session</strong>: keeps you signed in after you log in and protects the shop&apos;s forms against
              requests forged by other websites. It ends when you log out, or after a while if you did not tick
              &ldquo;remember me&rdquo;.
            </li>
            <li>
              <strong>Toasts</strong>: carries a one-time message, such as &ldquo;Registration successful!&rdquo;, to
              the next page you see, and is cleared as soon as the message is shown.
            </li>
          </ul>
          <p>
            You can block or delete cookies in your browser settings. The shop will still show you every page, but your
            cart will be empty and you will not be able to stay signed in.
          </p>
        </>
      ),
    },
    {
      id: "how-long",
      title: "How long we keep it",
      body: (
        <ul>
          <li>Account details: for as long as your account is open. Ask us to close it and we delete them.</li>
          <li>
            Order details: for as long as tax and accounting law requires us to keep records of our sales; after that
            they are deleted.
          </li>
          <li>
            Contact messages: for twelve months after our last reply, in case you write again about the same thing.
          </li>
          <li>Cookies: the cart and session cookies expire on their own; the toast cookie lasts for one page.</li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: "Your choices and rights",
      body: (
        <>
          <p>
            You can see and correct your account details at any time on your <Link to="/profile">profile</Link>, and see
            your orders under <Link to="/orders">my orders</Link>. You can also ask us to send you a copy of everything
            we hold about you, to correct it, to delete it, or to stop using it. Write to us using the details above: we
            reply within 24 hours and act on the request within 30 days.
          </p>
          <p>
            If you are not happy with how we handled your information, you can also complain to the data protection
            authority where you live.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "Keeping it safe",
      body: (
        <p>
          Every page is served over an encrypted connection, passwords are stored only as salted hashes, sign-in
          attempts are limited, and only the studio staff who pack and ship orders can see order details.
        </p>
      ),
    },
    {
      id: "children",
      title: "Children",
      body: (
        <p>
          Our crafting tutorials are written for makers of every age, but the shop itself is for adults. We do not
          knowingly keep information about children under 16; if you believe a child has created an account, tell us and
          we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          If we change what we keep or why, we will update this page and the date at the top, and tell registered
          customers by email before the change takes effect.
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      policy="privacy"
      intro={
        <p>
          This policy explains what {name} keeps about you, why, who else sees it and for how long. The short version:
          we keep your account and your orders so that we can deliver your bouquets, we use three cookies that the shop
          needs to work, and we never sell your information.
        </p>
      }
      sections={sections}
    />
  );
}
