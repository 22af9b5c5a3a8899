import { Link } from "@remix-run/react";

/** What the cart and the checkout show with nothing in the cart: the page's h1, the news, a way back to the shop. */
export function EmptyCart({ title, note, link }: { title: string; note?: string; link: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 text-lg text-gray-700">Your cart is empty</p>
      {note ? <p className="mt-2 text-gray-600">{note}</p> : null}
      <Link
        to="/products"
        className="mt-8 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700"
      >
        {link}
      </Link>
    </section>
  );
}
