/**
 * A page printed on paper (an invoice, a packing slip) says so by its route's `handle`: the root's
 * document then holds the page alone, without the shop's header, footer and toasts.
 */
export interface PaperHandle {
  paper: true;
}

export const isPaper = (handle: unknown) => (handle as Partial<PaperHandle> | undefined)?.paper === true;
