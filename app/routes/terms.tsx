import { Link } from "@remix-run/react";
import {
  ContactLines,
  PolicyPage,
  useSiteContact,
  type ContentSection,
  policyMeta,
} from "~/components/home/content-page";
import { COUNTRIES } from "~/lib/constants";
import { DEFAULT_CURRENCY } from "~/lib/money";
import { useRootData } from "~/components/use-root-data";

export const meta = policyMeta(
  "terms",
  "The terms for buying Twistbloom bouquets: cash on delivery, delivery in 3-5 business days to ten countries, free shipping over $50 and 30-day returns.",
);

export default function Terms() {
  const { name } = useSiteContact();
  const root = useRootData();
  const currency = root?.site.currency.code ?? DEFAULT_CURRENCY.code;
  const sections: ContentSection[] = [
    {
      id: "about",
      title: "About these terms",
      body: (
        <p>
          These terms apply whenever you browse this website, create an account or buy from {name}. By placing an order
          you accept them. They do not take away any rights you have under the consumer laws of the country you live in.
        </p>
      ),
    },
    {
      id: "bouquets",
      title: "Our bouquets",
      body: (
        <>
          <p>
            Every bouquet is twisted, shaped and wrapped by hand from chenille stems (pipe cleaners), so no two are
            exactly alike. Small differences in shade, petal shape and size from the photographs are part of handmade
            work and are not a fault.
          </p>
          <p>
            Our bouquets are decorations, not toys. The stems have wire cores and some bouquets have small parts, so
            keep them away from children under three and from pets that chew.
          </p>
        </>
      ),
    },
    {
      id: "orders",
      title: "Orders and prices",
      body: (
        <>
          <p>
            Prices are shown in {currency} and include the price of the bouquet only; the delivery charge and any tax
            for your country are added at checkout, where you see the full total before you place the order. A sale
            price applies only when it is lower than the regular price.
          </p>
          <p>
            When you place an order we send a confirmation with your order number. If a bouquet turns out to be
            unavailable, or a price was shown in error, we will contact you before we make anything and you can change
            or cancel the order at no cost.
          </p>
          <p>
            Coupon codes can be used once per order, cannot be exchanged for cash and may have their own conditions and
            end dates.
          </p>
        </>
      ),
    },
    {
      id: "payment",
      title: "Payment: cash on delivery",
      body: (
        <>
          <p>
            Cash on delivery is the only way to pay. You pay nothing online: the courier collects the order total, in
            cash, when your bouquet arrives. Please have the amount ready; couriers may not carry change.
          </p>
          <p>
            If nobody is available to receive and pay for an order after the courier&apos;s delivery attempts, the
            parcel comes back to the studio and the order is cancelled. Refusing a parcel on delivery costs you nothing,
            but we may ask for payment in advance for future orders if it happens more than once.
          </p>
        </>
      ),
    },
    {
      id: "delivery",
      title: "Delivery",
      body: (
        <>
          <p>We deliver to these countries:</p>
          <ul className="sm:columns-2">
            {COUNTRIES.map((country) => (
              <li key={country.code}>{country.name}</li>
            ))}
          </ul>
          <p>
            Standard delivery arrives in <strong>3-5 business days</strong> and is{" "}
            <strong>free on orders over $50</strong>. Express and economy delivery are offered at checkout with their
            own prices and times. Delivery times start when the order is confirmed and are estimates: customs, public
            holidays and the weather can add a day or two, and we will tell you if we expect a longer delay.
          </p>
          <p>
            Please check the delivery address and phone number before placing the order: the courier uses them to find
            you and to arrange payment.
          </p>
        </>
      ),
    },
    {
      id: "returns",
      title: "Returns and refunds",
      body: (
        <>
          <p>
            If you are not completely happy with a bouquet, you can return it within <strong>30 days</strong> of
            delivery for a full refund of its price. To start a return, write to us with your order number; we will
            reply within 24 hours with the return address.
          </p>
          <ul>
            <li>The bouquet must come back in the condition you received it, in its wrapping if you still have it.</li>
            <li>
              We refund the bouquet&apos;s price within 5 business days of receiving it, by bank transfer or mobile
              payment.
            </li>
            <li>
              If a bouquet arrives damaged or is not what you ordered, we pay for the return and send a replacement or
              refund the delivery charge too.
            </li>
            <li>
              Custom bouquets, made to your colours or with names, cannot be returned for a change of mind, but we will
              exchange one that arrives damaged.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "custom",
      title: "Custom orders",
      body: (
        <p>
          For a custom bouquet, <Link to="/contact">tell us what you have in mind</Link>. We reply with ideas and a
          quote; the work starts only after you accept the quote, and we send a photo of the finished bouquet for your
          approval before it ships.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <p>
          You can order as a guest or with an account. If you create one, keep your password to yourself and tell us
          straight away if you think someone else has used it. We may close accounts used to place fraudulent orders.
          How we handle the information in your account is explained in our <Link to="/privacy">privacy policy</Link>.
        </p>
      ),
    },
    {
      id: "content",
      title: "Tutorials and website content",
      body: (
        <p>
          The crafting tutorials on our <Link to="/blog">blog</Link> are free for you to follow at home, at school or in
          a community class, and you may sell flowers you make with them. The text, photographs, illustrations and
          designs on this website belong to {name}; please do not republish them without asking us first.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Our responsibility",
      body: (
        <p>
          We are responsible for delivering bouquets that match their description and for the losses you could have
          expected when you ordered if we break these terms. We are not responsible for losses caused by events outside
          our control, such as courier strikes, customs holds or severe weather, but we will refund any order we cannot
          deliver.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Questions",
      body: (
        <>
          <p>If anything here is unclear, or something has gone wrong with an order, get in touch:</p>
          <ContactLines />
        </>
      ),
    },
  ];
  return (
    <PolicyPage
      policy="terms"
      intro={
        <p>
          The rules for buying from {name}, in plain words: you pay cash on delivery, standard delivery takes 3-5
          business days and is free over $50, and you have 30 days to return a bouquet you are not happy with.
        </p>
      }
      sections={sections}
    />
  );
}
