import { z } from 'zod';

/** api.md §0: every error answers with this envelope. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.number().int(),
  errors: z.array(z.string()).nullable(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A success envelope: `status: "ok"` plus the payload's own keys. */
export const okEnvelopeSchema = z.looseObject({ status: z.literal('ok') });

/** Paging keys of list endpoints (api.md §0). */
export const pagingSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  more: z.boolean(),
  total: z.number().int(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** api.md §0: pages = ((total-1)//pageSize)+1, more = page < pages. */
export function computePaging(total: number, page: number, pageSize: number): Paging {
  const pages = total > 0 ? Math.floor((total - 1) / pageSize) + 1 : 0;
  return { page, pageSize, pages, more: page < pages, total };
}
