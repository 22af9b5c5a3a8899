import { z } from "zod";

/** Where a page of a list stands: the list answers' shared fields (products, orders, users...). */
export const PageMetaShape = {
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
};

/** `{ data: [item...], current_page, last_page, per_page, from, to, total }`: the products list's page shape. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), ...PageMetaShape });
